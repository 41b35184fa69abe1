import type { CollectionAfterChangeHook } from 'payload'

import type { SafetyAlert } from '@/payload-types'
import { query, sql } from '@/server/database/db'
import { relId } from '@/views/media'
import { alertHref } from '@/views/safetyAlert'
import { notifyAll } from '@collections/Notifications/notify'

/**
 * When an alert becomes verified (an editor's verify, or an editor's own alert), the followers
 * of its neighbourhood who keep 'Safety alerts' on are told: bell, mail and push as each chose.
 * Verification happens once (the verify command refuses a second), so each hears of it once.
 * Switched off with `req.context.disableNotifications` or `disableLive` (the seed, bulk jobs).
 */
export const notifyFollowers: CollectionAfterChangeHook<SafetyAlert> = async ({
  doc,
  previousDoc,
  req,
}) => {
  if (req.context.disableNotifications || req.context.disableLive) return doc
  if (!doc.verifiedAt || previousDoc?.verifiedAt || doc.hidden) return doc
  const neighbourhood = relId(doc.neighbourhood)
  if (neighbourhood === null) return doc
  const [place] = await query<{ name: string }>(
    req,
    sql`SELECT name FROM neighbourhoods WHERE id = ${neighbourhood}`,
  )
  await notifyAll(req, {
    type: 'safety-alert',
    referenceId: doc.id,
    link: alertHref(doc.id),
    message: `Safety alert in ${place?.name ?? 'your neighbourhood'}: "${doc.title}".`,
    recipients: sql`SELECT user_id FROM follows WHERE neighbourhood_id = ${neighbourhood}
                     AND user_id IS DISTINCT FROM ${relId(doc.author)}`,
  })
  return doc
}
