import type { PayloadRequest } from 'payload'

import type { MarketItem } from '@/payload-types'
import { MARKET_TEXT, MAX_LIVE_ITEMS, type MarketKind } from '@/rules/market'
import { findPrivateDetail, PRIVATE_DETAIL_MESSAGES } from '@/rules/privateDetails'
import { findProhibited, PROHIBITED_MESSAGES } from '@/rules/prohibitedItems'
import { query, sql } from '@/server/database/db'
import type { MarketItemAnswer } from '@/schemas/market'
import { relId } from '@/views/media'

/** A refusal of one field, in the shape the commands' input refusals have. */
export const fieldRefusal = (field: string, message: string, status = 400) =>
  Response.json({ errors: [{ message, data: { errors: [{ path: field, message }] } }] }, { status })

/** What the text says that the market refuses: a prohibited thing, or a phone number or address. */
export function textRefusal(item: {
  kind: MarketKind
  title: string
  description: string
  street: string
}): Response | null {
  const prohibited = findProhibited(item.kind, item.title, item.description)
  if (prohibited) return fieldRefusal('title', PROHIBITED_MESSAGES[prohibited])
  for (const field of ['title', 'description', 'street'] as const) {
    const detail = findPrivateDetail(item[field])
    if (detail) return fieldRefusal(field, PRIVATE_DETAIL_MESSAGES[detail])
  }
  return null
}

/** The photos refusal, when any id is not a market photo this member uploaded. */
export async function photosRefusal(
  req: PayloadRequest,
  member: number,
  photos: number[],
  alreadyOn: number[] = [],
): Promise<Response | null> {
  const fresh = photos.filter((id) => !alreadyOn.includes(id))
  if (!fresh.length) return null
  const [row] = await query<{ n: number }>(
    req,
    sql`SELECT count(*)::int AS n FROM media
         WHERE id = ANY(${`{${fresh.join(',')}}`}::int[]) AND uploaded_by_id = ${member}
           AND purpose = 'market-photo'`,
  )
  return row!.n === fresh.length ? null : fieldRefusal('photos', MARKET_TEXT.photoNotYours)
}

/** Items of the member still in the lists: not gone, not expired, not hidden. */
export async function liveItemsOf(req: PayloadRequest, member: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    req,
    sql`SELECT count(*)::int AS n FROM market_items
         WHERE author_id = ${member} AND status <> 'gone' AND hidden IS NOT TRUE
           AND expires_at > now()`,
  )
  return row!.n
}

export const tooManyItems = (live: number) =>
  live >= MAX_LIVE_ITEMS ? fieldRefusal('kind', MARKET_TEXT.tooMany, 409) : null

/** An item as the commands answer it. */
export function itemAnswer(doc: MarketItem): MarketItemAnswer {
  return {
    id: doc.id,
    kind: doc.kind,
    title: doc.title,
    description: doc.description ?? '',
    pricePence: doc.pricePence ?? null,
    condition: doc.condition ?? null,
    photos: (doc.photos ?? []).map((p) => relId(p)).filter((id): id is number => id !== null),
    street: doc.street ?? '',
    status: doc.status,
    expiresAt: doc.expiresAt,
    neighbourhood: relId(doc.neighbourhood)!,
    author: relId(doc.author ?? null),
  }
}
