import { PHOTO_TEXT } from './imageFile'

/**
 * Lost and found posts: what a neighbour lost or found, when and about where.
 * The place is kept only to about 100 m (roughPlace) and within 2 km of the neighbourhood.
 */
export const LOST_FOUND_KINDS = ['lost', 'found'] as const
export type LostFoundKind = (typeof LOST_FOUND_KINDS)[number]

export const LOST_FOUND_WHAT = ['pet', 'keys', 'phone', 'bag', 'wallet', 'bike', 'other'] as const
export type LostFoundWhat = (typeof LOST_FOUND_WHAT)[number]

export const LOST_FOUND_STATUSES = ['open', 'reunited'] as const
export type LostFoundStatus = (typeof LOST_FOUND_STATUSES)[number]

export const KIND_LABEL: Record<LostFoundKind, string> = { lost: 'Lost', found: 'Found' }
export const WHAT_LABEL: Record<LostFoundWhat, string> = {
  pet: 'Pet',
  keys: 'Keys',
  phone: 'Phone',
  bag: 'Bag',
  wallet: 'Wallet',
  bike: 'Bike',
  other: 'Something else',
}

export const TITLE_MIN = 3
export const TITLE_MAX = 80
export const DESCRIPTION_MAX = 1_000
export const MAX_PHOTOS = 2
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024
/** How far back 'when' may go. */
export const MAX_DAYS_AGO = 60
/** A clock a few minutes ahead of ours may still say 'just now'. */
const CLOCK_SLACK_MS = 5 * 60_000
const DAY_MS = 86_400_000

export const LOST_FOUND_TEXT = {
  signIn: 'Please log in to post in lost and found.',
  kind: 'Choose lost or found.',
  what: 'Choose what it is: a pet, keys, a phone, a bag, a wallet, a bike or something else.',
  title: `Give it a short title (${TITLE_MIN} to ${TITLE_MAX} characters).`,
  description: `Descriptions are limited to ${DESCRIPTION_MAX} characters.`,
  seenAt: 'Say when it was lost or found.',
  future: 'The date cannot be in the future.',
  tooOld: `The date must be within the last ${MAX_DAYS_AGO} days.`,
  place: 'Choose on the map where it was last seen.',
  tooFar: 'That place is more than 2 km from the neighbourhood. Choose a place nearer to it.',
  noPoint:
    'This neighbourhood has no place on the map yet, so it cannot take lost and found posts.',
  tooManyPhotos: `Add at most ${MAX_PHOTOS} photos.`,
  notYourPhoto: 'Please upload the photos again.',
  photoTooLarge: PHOTO_TEXT.tooLarge,
  notFound: 'Lost and found post not found.',
  neighbourhoodNotFound: 'Could not find neighbourhood.',
  notYours: 'Only the person who posted it (or an editor) can change this post.',
  posted: 'Posted. Neighbours can see it now.',
  edited: 'Saved.',
  reunited: 'Marked reunited. Thank you for letting neighbours know.',
  failed: 'Could not save the post. Please try again.',
} as const

/** Why `when` is refused at `now`, or null when it is within the last 60 days and not ahead. */
export function seenAtProblem(when: Date, now = new Date()): string | null {
  if (when.getTime() > now.getTime() + CLOCK_SLACK_MS) return LOST_FOUND_TEXT.future
  if (when.getTime() < now.getTime() - MAX_DAYS_AGO * DAY_MS) return LOST_FOUND_TEXT.tooOld
  return null
}

/** Posts on one page of a neighbourhood's list. */
export const LOST_FOUND_PAGE_SIZE = 12

/** At most this many pins on a map (the newest open posts). */
export const MAX_PINS = 500
