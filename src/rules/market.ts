import { PHOTO_TEXT } from './imageFile'

/**
 * The market (things to sell, give away or ask for): its kinds, limits and words, shared by the
 * commands, the forms, the pages and the islands.
 */
export const MARKET_KINDS = ['sale', 'free', 'wanted'] as const
export type MarketKind = (typeof MARKET_KINDS)[number]

export const MARKET_KIND_LABELS: Record<MarketKind, string> = {
  sale: 'For sale',
  free: 'Free',
  wanted: 'Wanted',
}

export const MARKET_CONDITIONS = ['new', 'like-new', 'good', 'fair', 'for-parts'] as const
export type MarketCondition = (typeof MARKET_CONDITIONS)[number]

export const MARKET_CONDITION_LABELS: Record<MarketCondition, string> = {
  new: 'New',
  'like-new': 'Like new',
  good: 'Good',
  fair: 'Fair',
  'for-parts': 'For parts',
}

/** available → reserved → gone, set by the seller (or staff); a gone item keeps its page. */
export const MARKET_STATUSES = ['available', 'reserved', 'gone'] as const
export type MarketStatus = (typeof MARKET_STATUSES)[number]

export const MARKET_STATUS_LABELS: Record<MarketStatus, string> = {
  available: 'Available',
  reserved: 'Reserved',
  gone: 'Gone',
}

export const TITLE_MIN = 3
export const TITLE_MAX = 80
export const DESCRIPTION_MAX = 2000
export const STREET_MAX = 80
export const MAX_PHOTOS = 4
export const MIN_PRICE_PENCE = 100
export const MAX_PRICE_PENCE = 10_000_000
/** Live items (not gone, not expired, not hidden) one member may have at once. */
export const MAX_LIVE_ITEMS = 10
export const LISTING_DAYS = 30
/** The renewal mail goes this long before an item expires. */
export const RENEW_NOTICE_DAYS = 2
export const MARKET_PAGE_SIZE = 12

const DAY_MS = 24 * 3600 * 1000

/** When an item listed or renewed at `from` leaves the lists. */
export const expiryFrom = (from: Date): Date => new Date(from.getTime() + LISTING_DAYS * DAY_MS)

export const MARKET_TEXT = {
  signIn: 'Please sign in to list an item.',
  confirmEmail:
    'Please confirm your e-mail address before listing an item: see the mail we sent you.',
  tooMany: `You can have at most ${MAX_LIVE_ITEMS} items listed at once. Mark one as gone, or wait for one to expire.`,
  title: `The title must be ${TITLE_MIN} to ${TITLE_MAX} characters.`,
  description: `The description can be at most ${DESCRIPTION_MAX.toLocaleString('en-GB')} characters.`,
  street: `The street can be at most ${STREET_MAX} characters.`,
  kind: 'Please choose For sale, Free or Wanted.',
  priceNeeded: 'Please give a price for an item for sale.',
  priceNotNumber: 'Please enter the price in pounds as a number, like 12 or 12.50.',
  priceRange: 'The price must be between £1 and £100,000.',
  priceNotForKind: 'Only items for sale have a price: leave it empty for Free or Wanted.',
  condition: 'Please choose a condition: new, like new, good, fair or for parts.',
  conditionNotForWanted: 'A Wanted item has no condition: leave it empty.',
  tooManyPhotos: `You can add at most ${MAX_PHOTOS} photos.`,
  photoNotYours: 'That photo is not one you uploaded for the market.',
  status: 'Please choose Available, Reserved or Gone.',
  notFound: 'Item not found.',
  notSeller: 'Only the seller can change this item.',
  neighbourhood: 'Neighbourhood not found.',
  renewed: 'Renewed: the item stays listed for another 30 days.',
  renewRefused: 'This renewal link is not valid, or it has been used already.',
  photoTooLarge: PHOTO_TEXT.tooLarge,
  photoNotImage: PHOTO_TEXT.notImage,
  listed: 'Your item is listed.',
  saved: 'Saved.',
  statusChanged: 'Status changed.',
  empty: 'No items here yet.',
} as const

/**
 * Pounds as typed ("12", "12.5", "£1,250.00") or sent (a number) to whole pence; null when it is
 * not a number of pounds with at most two decimals.
 */
export function penceOf(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    const pence = Math.round(value * 100)
    return Math.abs(pence - value * 100) < 1e-6 ? pence : null
  }
  if (typeof value !== 'string') return null
  const text = value
    .trim()
    .replace(/^£\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '')
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** 1250 → "£12.50", 1200 → "£12". */
export function formatPrice(pence: number): string {
  const pounds = pence / 100
  return `£${pounds.toLocaleString('en-GB', {
    minimumFractionDigits: pence % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  })}`
}

/** Whether an item is still in the lists at `now`. */
export const isLive = (
  item: { status?: string | null; expiresAt?: string | null; hidden?: boolean | null },
  now = new Date(),
) =>
  item.status !== 'gone' &&
  !item.hidden &&
  !!item.expiresAt &&
  new Date(item.expiresAt).getTime() > now.getTime()
