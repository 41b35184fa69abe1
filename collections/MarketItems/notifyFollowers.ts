import type { MarketItem } from '@/payload-types'
import { marketItemHref, priceLabel } from '@/views/market'
import { newPostNotice } from '@collections/Notifications/newPostNotice'

/**
 * 'market-item': a new item reaches the followers who turned 'Market: new items' on (off by
 * default); mail only in the daily summary (DAILY_SUMMARY_KINDS).
 */
export const notifyMarketItem = newPostNotice<MarketItem>({
  type: 'market-item',
  href: marketItemHref,
  message: (doc, actor, place) =>
    `${actor} listed "${doc.title}" (${priceLabel(doc.kind, doc.pricePence ?? null)}) in ${place}.`,
})
