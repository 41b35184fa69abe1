// Entry point for the demo data. Plain objects only: the caller decides how to store them.
import { makeUserBadges, type SeedUserBadge } from './badges'
import { makeLocalSpots, type SeedLocalSpot } from './localSpots'
import { NEIGHBOURHOODS, type SeedNeighbourhood } from './neighbourhoods'
import { DEFAULT_SEED, createRng } from './random'
import { makeReviews, type ReviewOptions, type SeedReview } from './reviews'
import { USERS, type SeedUser } from './users'

export type SeedData = {
  users: SeedUser[]
  neighbourhoods: SeedNeighbourhood[]
  reviews: SeedReview[]
  localSpots: SeedLocalSpot[]
  /** Review badges the seeded reviewers have earned (SPEC §9). */
  userBadges: SeedUserBadge[]
}

export function buildSeedData(seed: number = DEFAULT_SEED, options: ReviewOptions = {}): SeedData {
  const rng = createRng(seed)
  // Copies, so callers can't mutate the shared constant tables between calls.
  const users = USERS.map((u) => ({ ...u }))
  const neighbourhoods = NEIGHBOURHOODS.map((n) => ({ ...n, vibes: [...n.vibes] }))
  const reviews = makeReviews(rng.fork('reviews'), neighbourhoods, users, options)
  const localSpots = makeLocalSpots(rng.fork('local-spots'), neighbourhoods, users)
  const userBadges = makeUserBadges(reviews)
  return { users, neighbourhoods, reviews, localSpots, userBadges }
}

export { DEMO_PASSWORD, DEMO_TOTP_SECRET, USERS, type SeedRole, type SeedUser } from './users'
export {
  NEIGHBOURHOODS,
  PALETTES,
  VIBES,
  slugify,
  type Palette,
  type PaletteName,
  type SeedNeighbourhood,
  type Vibe,
} from './neighbourhoods'
export { DEFAULT_SEED, createRng, type Rng } from './random'
export {
  DEFAULT_REVIEW_COUNT,
  SEED_REFERENCE_DATE,
  makeReviews,
  type ReviewOptions,
  type SeedReview,
} from './reviews'
export {
  makeAvatar,
  makeNeighbourhoodImage,
  IMAGE_WIDTH,
  IMAGE_HEIGHT,
  AVATAR_SIZE,
} from './images'
export { makeLocalSpots, type SeedBusinessBadge, type SeedLocalSpot } from './localSpots'
export { makeUserBadges, type SeedUserBadge } from './badges'
