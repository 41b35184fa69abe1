// Builds plausible star-rated reviews from phrase fragments. Pure and seeded: the same rng seed
// and inputs always give the same reviews.
import type { SeedNeighbourhood } from './neighbourhoods'
import {
  CLOSERS,
  DETAILS_GOOD,
  DETAILS_POOR,
  OPENERS,
  UNCLAIMED_AUTHORS,
  VIBE_CONS,
  VIBE_PROS,
  type Tone,
} from './phrases'
import type { Rng } from './random'
import type { SeedUser } from './users'

export type SeedReview = {
  neighbourhoodSlug: string
  /** Demo account that wrote it (links user_id); null means an unclaimed review. */
  userName: string | null
  /** Text for the review's user_name column: the account's userName, or free text if unclaimed. */
  authorName: string
  rating: number
  comment: string
  /** ISO timestamp within REVIEW_SPAN_DAYS before `now`. */
  createdAt: string
}

export type ReviewOptions = {
  /** Total number of reviews wanted (fewer only if users run out of unreviewed neighbourhoods). */
  count?: number
  /** Share of reviews left unclaimed (no account). */
  unclaimedShare?: number
  /** Reference "now" for createdAt; fixed by default so output never depends on the clock. */
  now?: Date
}

export const DEFAULT_REVIEW_COUNT = 168
export const REVIEW_SPAN_DAYS = 548 // about 18 months
export const SEED_REFERENCE_DATE = new Date('2026-11-01T12:00:00.000Z')

const DAY_MS = 86_400_000

// Real review sites skew positive: mostly 4s and 5s, a tail of grumbles.
const RATING_WEIGHTS: [number, number][] = [
  [5, 40],
  [4, 36],
  [3, 14],
  [2, 6],
  [1, 4],
]

function toneOf(rating: number): Tone {
  if (rating >= 4) return 'good'
  return rating === 3 ? 'mixed' : 'poor'
}

/** A per-neighbourhood lean so areas don't all average the same. bias in [-0.4, 0.35]. */
function pickRating(rng: Rng, bias: number): number {
  const base = rng.weighted(RATING_WEIGHTS)
  if (!rng.chance(Math.abs(bias))) return base
  return Math.min(5, Math.max(1, base + Math.sign(bias)))
}

export function composeComment(rng: Rng, n: SeedNeighbourhood, rating: number): string {
  const tone = toneOf(rating)
  const vibes = rng.shuffle(n.vibes)
  const first = vibes[0]
  const second = vibes[1] ?? first
  const parts = [rng.pick(OPENERS[tone])]

  if (first && second) {
    if (tone === 'good') {
      parts.push(rng.pick(VIBE_PROS[first]))
      if (rng.chance(0.5)) parts.push(rng.pick(VIBE_PROS[second]))
    } else if (tone === 'mixed') {
      parts.push(rng.pick(VIBE_PROS[first]), rng.pick(VIBE_CONS[second]))
    } else {
      parts.push(rng.pick(VIBE_CONS[first]))
      if (rng.chance(0.4)) parts.push(`To be fair, ${lowerFirst(rng.pick(VIBE_PROS[second]))}`)
    }
  }

  if (rng.chance(0.6)) {
    const pool =
      tone === 'good'
        ? DETAILS_GOOD
        : tone === 'poor'
          ? DETAILS_POOR
          : rng.pick([DETAILS_GOOD, DETAILS_POOR])
    parts.push(rng.pick(pool))
  }
  if (rng.chance(0.5)) parts.push(rng.pick(CLOSERS[tone]))

  return dedupe(parts).join(' ').replaceAll('{name}', n.name)
}

function lowerFirst(text: string): string {
  // Keep "I" capitalised; everything else reads fine lower-cased after "To be fair,".
  return text.startsWith('I ') || text.startsWith("I'")
    ? text
    : text[0]?.toLowerCase() + text.slice(1)
}

function dedupe(parts: string[]): string[] {
  return [...new Set(parts)]
}

/** Split `total` across users by weight, as whole numbers (largest remainder method). */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((w) => (total * w) / sum)
  const counts = exact.map(Math.floor)
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0])
  const leftover = total - counts.reduce((a, b) => a + b, 0)
  for (let k = 0; k < leftover; k++) {
    const idx = order[k % order.length]?.[1]
    if (idx !== undefined) counts[idx] = (counts[idx] ?? 0) + 1
  }
  return counts
}

/**
 * Reviews per user. The last two users are kept light on purpose (4 and 2 reviews) so the demo
 * shows every badge state: none, Frequent Explorer (3+) only, and Top Local (5+).
 */
function userQuotas(rng: Rng, users: SeedUser[], claimed: number, cap: number): number[] {
  const light = users.length >= 4 ? [4, 2] : []
  const heavy = users.length - light.length
  const rest = Math.max(0, claimed - light.reduce((a, b) => a + b, 0))
  const weights = Array.from({ length: heavy }, () => rng.float(0.6, 1.4))
  return [...allocate(rest, weights), ...light].map((q) => Math.min(q, cap))
}

export function makeReviews(
  rng: Rng,
  neighbourhoods: SeedNeighbourhood[],
  users: SeedUser[],
  options: ReviewOptions = {},
): SeedReview[] {
  if (neighbourhoods.length === 0) return []
  const count = options.count ?? DEFAULT_REVIEW_COUNT
  const unclaimed = Math.round(count * (options.unclaimedShare ?? 0.1))
  const now = (options.now ?? SEED_REFERENCE_DATE).getTime()

  // Some areas are simply more talked about; popularity tilts where reviews land.
  const stats = new Map(
    neighbourhoods.map((n) => [
      n.slug,
      { n, count: 0, popularity: rng.float(0.6, 1.6), bias: rng.float(-0.4, 0.35) },
    ]),
  )

  const chooseNeighbourhood = (exclude: Set<string>): SeedNeighbourhood => {
    let best: { slug: string; score: number } | undefined
    for (const [slug, s] of stats) {
      if (exclude.has(slug)) continue
      const score = s.count / s.popularity + rng.float(0, 2)
      if (!best || score < best.score) best = { slug, score }
    }
    const chosen = stats.get(best?.slug ?? '')
    if (!chosen) throw new Error('no neighbourhood left to review')
    chosen.count++
    return chosen.n
  }

  // One review per user per neighbourhood; slots are shuffled so users interleave fairly.
  const quotas = userQuotas(rng, users, count - unclaimed, neighbourhoods.length)
  const slots: (SeedUser | null)[] = rng.shuffle([
    ...users.flatMap((u, i) => Array.from({ length: quotas[i] ?? 0 }, () => u)),
    ...Array.from({ length: unclaimed }, () => null),
  ])
  const reviewed = new Map(users.map((u) => [u.userName, new Set<string>()]))
  const seen = new Set<string>()

  const reviews = slots.map((user): SeedReview => {
    const exclude = (user && reviewed.get(user.userName)) || new Set<string>()
    const n = chooseNeighbourhood(exclude)
    exclude.add(n.slug)
    const rating = pickRating(rng, stats.get(n.slug)?.bias ?? 0)

    // Retry a few times so two reviews rarely read word for word the same.
    let comment = composeComment(rng, n, rating)
    for (let i = 0; i < 5 && seen.has(comment); i++) comment = composeComment(rng, n, rating)
    seen.add(comment)

    // Mild lean towards recent months, like a growing site.
    const daysAgo = REVIEW_SPAN_DAYS * Math.pow(rng.next(), 1.2)
    const createdAt = new Date(Math.floor((now - daysAgo * DAY_MS) / 60_000) * 60_000)

    return {
      neighbourhoodSlug: n.slug,
      userName: user?.userName ?? null,
      authorName: user?.userName ?? rng.pick(UNCLAIMED_AUTHORS),
      rating,
      comment,
      createdAt: createdAt.toISOString(),
    }
  })

  return reviews.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}
