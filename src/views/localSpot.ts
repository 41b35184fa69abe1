import {
  categoryLabel,
  isWithinEditWindow,
  VIBE_EMOJI_NAMES,
  type VibeEmojiName,
} from '@/rules/localSpots'
import type { EmojiName } from '@/rules/targets'

/** What a local-spot card shows (SPEC §2 Local spots), the same for the page and the island. */
export interface SpotAuthorView {
  id: number
  userName: string | null
  avatarUrl: string | null
}

export interface SpotBadgeView {
  id: number
  label: string
  colour: string
}

export interface LocalSpotView {
  id: number
  name: string
  /** As stored: a known key (cafe…) or the free text written under Other. */
  category: string
  categoryLabel: string
  description: string
  address: string
  googleMapsUrl: string
  imageId: number | null
  imageUrl: string | null
  emojis: VibeEmojiName[]
  author: SpotAuthorView | null
  /** Unexpired badges only (no expiry or a future one). */
  badges: SpotBadgeView[]
  reactionCounts: Partial<Record<EmojiName, number>>
  createdAt: string
  updatedAt: string
}

/** One read of the list: `pages` pages of 9 from the newest, and the server's clock. */
export interface LocalSpotPage {
  spots: LocalSpotView[]
  pages: number
  total: number
  hasMore: boolean
  /** The server's time of the read: the edit window is judged by it, never by the browser's. */
  now: string
}

export interface LocalSpotsScreen {
  neighbourhood: { id: number; slug: string; name: string }
  list: LocalSpotPage
}

export const DEFAULT_AVATAR = '/default-avatar.svg'

/** SPEC §2: 'Local Spots in' and the name, or the slug when the name is missing. */
export function localSpotsTitle(name: string | null | undefined, slug: string): string {
  return `Local Spots in ${name?.trim() || slug}`
}

/** The link that opens the place in a maps service: the owner's link, else a search by address. */
export function mapsLinkFor(spot: Pick<LocalSpotView, 'googleMapsUrl' | 'address' | 'name'>) {
  if (spot.googleMapsUrl) return spot.googleMapsUrl
  const query = [spot.name, spot.address].filter(Boolean).join(', ')
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}

export const mediaFileUrl = (filename: string | null | undefined) =>
  filename ? `/api/media/file/${encodeURIComponent(filename)}` : null

/** A vibe's words (its tooltip): the emoji itself is drawn (src/views/emoji.ts), not typed here. */
export function emojiLabel(name: VibeEmojiName): string {
  return name.replace(/-/g, ' ')
}

export const isVibeEmoji = (value: unknown): value is VibeEmojiName =>
  typeof value === 'string' && (VIBE_EMOJI_NAMES as readonly string[]).includes(value)

export { categoryLabel }

/** Whether the owner may still edit, judged at the server's time `now` (SPEC §4: 7 days). */
export function canStillEdit(spot: Pick<LocalSpotView, 'createdAt'>, now: Date): boolean {
  return isWithinEditWindow(spot.createdAt, now)
}

/** Black or white text, whichever reads better on a badge's colour (WCAG relative luminance). */
export function badgeTextColour(hex: string): '#000000' | '#ffffff' {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return '#ffffff'
  const n = Number.parseInt(m[1]!, 16)
  const channel = (v: number) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  const l = 0.2126 * channel(n >> 16) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  // Contrast with white (1.05 / (l + 0.05)) against contrast with black ((l + 0.05) / 0.05).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000'
}
