import type { PayloadRequest } from 'payload'

import type { MarketItem } from '@/payload-types'
import { MARKET_TEXT } from '@/rules/market'
import { refuse } from '@/server/http/requests'
import { isStaffUser } from '@collections/access'
import { relId } from '@/views/media'

/**
 * The item the caller may change (its seller, or staff), or the refusal: 404 when the caller
 * cannot see it, 403 when it is someone else's.
 */
export async function sellerItem(req: PayloadRequest, id: number): Promise<MarketItem | Response> {
  const doc = await req.payload.findByID({
    collection: 'market-items',
    id,
    depth: 0,
    req,
    overrideAccess: false,
    user: req.user,
    disableErrors: true,
  })
  if (!doc) return refuse(404, MARKET_TEXT.notFound)
  const mine = req.user && relId(doc.author ?? null) === req.user.id
  return mine || isStaffUser(req.user) ? doc : refuse(403, MARKET_TEXT.notSeller)
}

/** Writes the change as the server (the command already checked who may). */
export const updateItem = (req: PayloadRequest, id: number, data: Partial<MarketItem>) =>
  req.payload.update({
    collection: 'market-items',
    id,
    data,
    req,
    depth: 0,
    overrideAccess: true,
  })
