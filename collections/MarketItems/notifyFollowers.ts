import type { CollectionAfterChangeHook } from 'payload'

import type { MarketItem } from '@/payload-types'
import { query, sql } from '@/server/database/db'
import { marketItemHref, priceLabel } from '@/views/market'
import { relId } from '@/views/media'
import { actorName, notifyAll } from '@collections/Notifications/notify'

/**
 * 'market-item': a new item reaches the neighbourhood's followers who turned 'Market: new items'
 * on (off by default), never its seller; bell and push at once, mail only in the daily summary
 * (DAILY_SUMMARY_KINDS). One INSERT … SELECT in the item's transaction. Off with
 * `disableNotifications` / `disableLive` (the seed, bulk jobs).
 */
export const notifyMarketItem: CollectionAfterChangeHook<MarketItem> = async ({
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
  const price = priceLabel(doc.kind, doc.pricePence ?? null)
  await notifyAll(req, {
    type: 'market-item',
    referenceId: doc.id,
    link: marketItemHref(doc.id),
    message: `${actorName(req)} listed "${doc.title}" (${price}) in ${place?.name ?? 'your neighbourhood'}.`,
    recipients: sql`SELECT user_id FROM follows WHERE neighbourhood_id = ${neighbourhood}
                     AND user_id IS DISTINCT FROM ${relId(doc.author)}`,
  })
  return doc
}
