import type { CollectionAfterChangeHook } from 'payload'

import type { LostFoundPost } from '@/payload-types'
import { query, sql } from '@/server/database/db'
import { lostFoundHref } from '@/views/lostFound'
import { relId } from '@/views/media'
import { actorName, notifyAll } from '@collections/Notifications/notify'

/**
 * 'lost-found': a new post reaches the neighbourhood's followers who turned 'Lost and found' on
 * (it is off by default), never its poster; bell, mail and push as for new events. One
 * INSERT … SELECT in the post's transaction. Off with `disableNotifications` / `disableLive`.
 */
export const notifyLostFound: CollectionAfterChangeHook<LostFoundPost> = async ({
  doc,
  operation,
  req,
}) => {
  if (operation !== 'create' || doc.hidden) return doc
  if (req.context.disableNotifications || req.context.disableLive) return doc
  const neighbourhood = relId(doc.neighbourhood)
  if (neighbourhood === null) return doc
  const [place] = await query<{ name: string }>(
    req,
    sql`SELECT name FROM neighbourhoods WHERE id = ${neighbourhood}`,
  )
  const what = doc.kind === 'lost' ? 'lost' : 'found'
  await notifyAll(req, {
    type: 'lost-found',
    referenceId: doc.id,
    link: lostFoundHref(doc.id),
    message: `${actorName(req)} ${what} something in ${place?.name ?? 'your neighbourhood'}: "${doc.title}".`,
    recipients: sql`SELECT user_id FROM follows WHERE neighbourhood_id = ${neighbourhood}
                     AND user_id IS DISTINCT FROM ${relId(doc.author)}`,
  })
  return doc
}
