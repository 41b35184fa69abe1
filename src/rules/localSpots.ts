/** SPEC §3/§9: the six local-spot categories; 'other' means the user writes their own. */
export const CATEGORY_LABELS = {
  cafe: 'Cafe',
  restaurant: 'Restaurant',
  gym: 'Gym',
  barber: 'Barber',
  store: 'Store',
  other: 'Other (write your own)',
} as const
export type SpotCategory = keyof typeof CATEGORY_LABELS
export const SPOT_CATEGORIES = Object.keys(CATEGORY_LABELS) as SpotCategory[]

/** Free-text categories (chosen through 'Other') are kept to a label's length. */
export const CATEGORY_MAX_LENGTH = 60

/** SPEC §2/§9: the ten vibe-emoji toggles, stored by name, shown as the character. */
export const VIBE_EMOJIS = {
  coffee: '☕',
  'bubble-tea': '🧋',
  noodles: '🍜',
  soap: '🧼',
  cake: '🍰',
  wine: '🍷',
  barber: '💈',
  'shopping-bag': '🛍️',
  weights: '🏋️',
  plant: '🪴',
} as const
export type VibeEmojiName = keyof typeof VIBE_EMOJIS
export const VIBE_EMOJI_NAMES = Object.keys(VIBE_EMOJIS) as VibeEmojiName[]

/** SPEC §9: owners may edit a spot for 7 days after creating it (delete any time). */
export const EDIT_WINDOW_DAYS = 7
const DAY_MS = 86_400_000

/** SPEC §9: 9 spots per page, descriptions previewed to 100 characters. */
export const SPOTS_PAGE_SIZE = 9
export const DESCRIPTION_PREVIEW_LENGTH = 100

/**
 * What is stored for a chosen category: a known key as is (case-insensitive), otherwise the
 * trimmed free text. Blank, and 'other' itself (Other clears the field for typing), give ''.
 */
export function normaliseCategory(input: string | null | undefined): string {
  const text = (input ?? '').trim()
  const key = text.toLowerCase()
  if (key === 'other') return ''
  return (SPOT_CATEGORIES as readonly string[]).includes(key) ? key : text
}

/** The label a card shows: the known category's name, or the free text as written. */
export function categoryLabel(category: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[category] ?? category
}

/** The moment the owner's edit window closes. */
export function editDeadline(createdAt: string | Date): Date {
  return new Date(new Date(createdAt).getTime() + EDIT_WINDOW_DAYS * DAY_MS)
}

/** SPEC §4: editable while less than 7 days have passed since creation. */
export function isWithinEditWindow(createdAt: string | Date, now: Date = new Date()): boolean {
  return now.getTime() < editDeadline(createdAt).getTime()
}

/** SPEC §2: descriptions are cut at 100 characters with Show more. */
export function previewDescription(text: string, length = DESCRIPTION_PREVIEW_LENGTH) {
  const truncated = text.length > length
  return { text: truncated ? `${text.slice(0, length).trimEnd()}…` : text, truncated }
}

/**
 * SPEC §5: a maps link that carries coordinates ('@lat,lon' or 'q=lat,lon') lets the form derive
 * the address by reverse geocoding. Returns them, or null.
 */
export function coordinatesFromMapsUrl(url: string): { lat: number; lon: number } | null {
  const number = String.raw`(-?\d{1,3}(?:\.\d+)?)`
  const at = new RegExp(String.raw`@${number},\s*${number}`).exec(url)
  const q = new RegExp(String.raw`[?&](?:q|query)=${number}(?:,|%2C)\s*${number}`, 'i').exec(url)
  const match = at ?? q
  if (!match) return null
  const lat = Number(match[1])
  const lon = Number(match[2])
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null
  return { lat, lon }
}

/** A host name of labels and a top-level domain (zod's `regexes.domain`). */
const HOST_NAME = /^(?=.{1,253}$)([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/

/**
 * SPEC §5: whether a maps link is a web link: http(s) with '://' and a real host name. The same
 * judgement as the server's mapsUrlSchema (tests/unit/local-spots.test.ts holds them together),
 * without zod, so the spots page loads no zod for its form.
 */
export function isWebLink(text: string): boolean {
  const trimmed = text.trim()
  if (!/^https?:\/\//i.test(trimmed)) return false
  try {
    const url = new URL(trimmed)
    return /^https?:$/.test(url.protocol) && HOST_NAME.test(url.hostname)
  } catch {
    return false
  }
}
