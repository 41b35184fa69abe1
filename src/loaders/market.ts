import { createLocalReq, type Payload } from 'payload'

import { listMarketItems, liveItemCount } from '@/data/market'
import { renewTokenFits } from '@/data/marketRenewToken'
import type { Media, MarketItem, Neighbourhood, User } from '@/payload-types'
import {
  isLive,
  MARKET_CONDITION_LABELS,
  MARKET_KIND_LABELS,
  MARKET_STATUS_LABELS,
  type MarketKind,
  type MarketStatus,
} from '@/rules/market'
import { mediaUrl, populated, relId, responsiveImage, type ResponsiveImage } from '@/views/media'
import { parseMarketQuery, priceLabel, type MarketListView } from '@/views/market'
import { neighbourhoodRef, type NeighbourhoodRef } from './discussions'

export type MarketListPage =
  | { kind: 'list'; list: MarketListView; neighbourhood: NeighbourhoodRef }
  | { kind: 'no-neighbourhood' }

/** /neighbourhood/{slug}/market: one page of the list for the URL's filters. */
export async function loadMarketList(
  payload: Payload,
  url: URL,
  slug: string,
): Promise<MarketListPage> {
  const neighbourhood = await neighbourhoodRef(payload, slug)
  if (!neighbourhood) return { kind: 'no-neighbourhood' }
  const req = await createLocalReq({}, payload)
  const list = await listMarketItems(
    req,
    parseMarketQuery(url.searchParams, slug),
    neighbourhood.id,
  )
  return { kind: 'list', list, neighbourhood }
}

export interface MarketItemView {
  id: number
  kind: MarketKind
  kindLabel: string
  title: string
  description: string
  price: string
  pricePence: number | null
  condition: string | null
  status: MarketStatus
  statusLabel: string
  /** Gone, or past its expiry: the page stays, the lists leave it out. */
  live: boolean
  expired: boolean
  pickup: string
  photos: (ResponsiveImage & { alt: string; full: string })[]
  neighbourhood: { slug: string; name: string } | null
  seller: { id: number; userName: string | null } | null
  createdAt: string
  expiresAt: string
}

/** /market/{id}: the item as a visitor may see it (a hidden one is not found). */
export async function loadMarketItem(
  payload: Payload,
  rawId: string,
): Promise<MarketItemView | null> {
  if (!/^\d{1,10}$/.test(rawId)) return null
  const doc = (await payload.findByID({
    collection: 'market-items',
    id: Number(rawId),
    depth: 1,
    overrideAccess: false,
    disableErrors: true,
    populate: {
      users: { userName: true },
      neighbourhoods: { slug: true, name: true },
    },
  })) as MarketItem | null
  if (!doc) return null
  const place = populated(doc.neighbourhood as number | Neighbourhood)
  const author = populated(doc.author as number | User | null)
  const photos = (doc.photos ?? []).flatMap((p) => {
    const image = responsiveImage(p as Media, 'card')
    return image
      ? [{ ...image, alt: doc.title, full: mediaUrl(p as Media, 'hero') ?? image.src }]
      : []
  })
  return {
    id: doc.id,
    kind: doc.kind,
    kindLabel: MARKET_KIND_LABELS[doc.kind],
    title: doc.title,
    description: doc.description ?? '',
    price: priceLabel(doc.kind, doc.pricePence ?? null),
    pricePence: doc.pricePence ?? null,
    condition: doc.condition ? MARKET_CONDITION_LABELS[doc.condition] : null,
    status: doc.status,
    statusLabel: MARKET_STATUS_LABELS[doc.status],
    live: isLive(doc),
    expired: new Date(doc.expiresAt).getTime() <= Date.now(),
    pickup: [doc.street, place?.name].filter(Boolean).join(', '),
    photos,
    neighbourhood: place ? { slug: place.slug, name: place.name } : null,
    seller: author
      ? { id: author.id, userName: author.userName ?? null }
      : relId(doc.author)
        ? { id: relId(doc.author)!, userName: null }
        : null,
    createdAt: doc.createdAt,
    expiresAt: doc.expiresAt,
  }
}

/** The neighbourhood tab's count: the items its market lists now. */
export async function marketCount(payload: Payload, neighbourhood: number): Promise<number> {
  return liveItemCount(await createLocalReq({}, payload), neighbourhood)
}

/** The renewal mail's link: the item, and whether the token is genuine, unexpired and unused. */
export async function loadRenewal(
  payload: Payload,
  id: string,
  token: string,
): Promise<{ item: MarketItemView | null; fits: boolean }> {
  const item = await loadMarketItem(payload, id)
  return { item, fits: !!item && renewTokenFits(payload.secret, token, item, Date.now()) }
}
