import {
  formatPrice,
  MARKET_CONDITION_LABELS,
  MARKET_KIND_LABELS,
  MARKET_KINDS,
  MARKET_STATUS_LABELS,
  penceOf,
  type MarketCondition,
  type MarketKind,
  type MarketStatus,
} from '@/rules/market'
import { parsePage } from '@/rules/paging'
import { fieldId, fieldText } from './forms'

/** The market list's filters as the GET form and its links carry them. */
export interface MarketListQuery {
  neighbourhoodSlug: string
  kind: MarketKind | null
  /** Pence, from the pounds typed; null when empty or not a number. */
  minPence: number | null
  maxPence: number | null
  text: string
  page: number
}

const kindOf = (value: string | null): MarketKind | null =>
  (MARKET_KINDS as readonly string[]).includes(value ?? '') ? (value as MarketKind) : null

/** The URL's filters, read leniently: anything unreadable is no filter. */
export function parseMarketQuery(params: URLSearchParams, slug: string): MarketListQuery {
  const pence = (name: string) => penceOf(params.get(name) ?? '')
  return {
    neighbourhoodSlug: slug,
    kind: params.get('free') ? 'free' : kindOf(params.get('kind')),
    minPence: pence('min'),
    maxPence: pence('max'),
    text: (params.get('q') ?? '').trim().slice(0, 80),
    page: parsePage(params.get('page')),
  }
}

const pounds = (pence: number | null) => (pence === null ? '' : String(pence / 100))

/** The list's address with these filters (empty ones left out). */
export function marketListHref(q: Partial<MarketListQuery> & { neighbourhoodSlug: string }) {
  const params = new URLSearchParams()
  if (q.kind) params.set('kind', q.kind)
  if (q.minPence != null) params.set('min', pounds(q.minPence))
  if (q.maxPence != null) params.set('max', pounds(q.maxPence))
  if (q.text) params.set('q', q.text)
  if (q.page && q.page > 1) params.set('page', String(q.page))
  const base = `/neighbourhood/${encodeURIComponent(q.neighbourhoodSlug)}/market`
  return params.size ? `${base}?${params}` : base
}

export const marketItemHref = (id: number) => `/market/${id}`
export const newMarketItemHref = (slug: string) =>
  `/market/new?neighbourhood=${encodeURIComponent(slug)}`

/** What a card or the item page says about the price: '£12.50', 'Free' or 'Wanted'. */
export const priceLabel = (kind: MarketKind, pence: number | null) =>
  kind === 'sale' && pence !== null ? formatPrice(pence) : MARKET_KIND_LABELS[kind]

/** Where an item stands, in a word: gone and expired items are no longer listed. */
export const marketStateLabel = (
  status: MarketStatus,
  expiresAt: Date | string,
  now = Date.now(),
) =>
  status === 'gone'
    ? MARKET_STATUS_LABELS.gone
    : new Date(expiresAt).getTime() <= now
      ? 'Expired'
      : MARKET_STATUS_LABELS[status]

/** An item as a conversation about it shows it to both members. */
export interface MarketItemSummary {
  title: string
  price: string
  statusLabel: string
}

export const marketItemSummary = (row: {
  kind: MarketKind
  title: string
  price_pence: number | null
  status: MarketStatus
  expires_at: Date | string
}): MarketItemSummary => ({
  title: row.title,
  price: priceLabel(row.kind, row.price_pence),
  statusLabel: marketStateLabel(row.status, row.expires_at),
})

export interface MarketCard {
  id: number
  href: string
  kind: MarketKind
  title: string
  price: string
  condition: string | null
  status: MarketStatus
  statusLabel: string
  street: string
  photoUrl: string | null
  createdAt: string
}

/** One row of the list query (src/data/market.ts). */
export interface MarketRow {
  id: number
  kind: MarketKind
  title: string
  price_pence: number | null
  condition: MarketCondition | null
  status: MarketStatus
  street: string | null
  photo: string | null
  created_at: string | Date
}

export function marketCard(row: MarketRow): MarketCard {
  return {
    id: row.id,
    href: marketItemHref(row.id),
    kind: row.kind,
    title: row.title,
    price: priceLabel(row.kind, row.price_pence),
    condition: row.condition ? MARKET_CONDITION_LABELS[row.condition] : null,
    status: row.status,
    statusLabel: MARKET_STATUS_LABELS[row.status],
    street: row.street ?? '',
    photoUrl: row.photo ? `/api/media/file/${row.photo}` : null,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export interface MarketListView extends MarketListQuery {
  cards: MarketCard[]
  total: number
  totalPages: number
}

/**
 * 'List an item''s fields as market.create takes them: the plain form's handler and the island
 * read the form alike (the command's schema then judges them).
 */
export function marketItemInput(fields: FormData) {
  const text = (name: string) => fieldText(fields, name)
  return {
    neighbourhood: fieldId(fields, 'neighbourhood') ?? 0,
    kind: text('kind') as MarketKind,
    title: text('title'),
    description: text('description'),
    price: text('price'),
    condition: text('condition') as MarketCondition | '',
    street: text('street'),
  }
}
