import type { Payload } from 'payload'

import type { LostFoundKind, LostFoundWhat } from '@/rules/lostFound'
import { roughPlace } from '@/rules/roughPlace'
import { pgPool } from '@/server/database/db'
import type { Rng } from './random'

/** What neighbours lose and find, by what it is: a title and a line of description. */
const POSTS: readonly (readonly [LostFoundKind, LostFoundWhat, string, string])[] = [
  ['lost', 'pet', 'Grey tabby cat, green collar', 'Answers to Pepper. Shy with strangers.'],
  ['lost', 'pet', 'Small brown terrier', 'Slipped his lead near the park gates.'],
  ['found', 'pet', 'Friendly black cat with a bell', 'Has been sitting on our wall all day.'],
  ['lost', 'keys', 'Bunch of keys on a red fob', 'Three keys and a bike lock key.'],
  ['found', 'keys', 'Car key by the bus stop', 'Left it with the corner shop.'],
  ['lost', 'phone', 'Phone in a blue case', 'Lost between the station and the market.'],
  ['found', 'phone', 'Phone left on a bench', 'Screen locked, handed to the café.'],
  ['lost', 'bag', 'Black rucksack with a laptop', 'Left on the top deck of the bus.'],
  ['found', 'bag', 'Child’s school bag', 'Found by the playground, has a lunchbox inside.'],
  ['lost', 'wallet', 'Brown leather wallet', 'Cards inside, no cash. Reward offered.'],
  ['found', 'wallet', 'Purse on the pavement', 'Kept safe, describe it to claim.'],
  ['lost', 'bike', 'Red folding bike', 'Taken from outside the library.'],
  ['found', 'bike', 'Kid’s bike left in the square', 'Blue with stabilisers.'],
  ['lost', 'other', 'Silver bracelet', 'Sentimental value, lost on the high street.'],
  ['found', 'other', 'Pair of reading glasses', 'Tortoiseshell frames, by the post box.'],
]

const DAY = 86_400_000

/** The posts a seed adds: a few per demo neighbourhood, or `total` spread over them all. */
export const LOST_FOUND_PER_NEIGHBOURHOOD = 3
/** SEED_SIZE=target: the large seed. */
export const LOST_FOUND_TARGET = 2_000

/**
 * Lost and found posts straight into the table (one statement per 500): within about 1 km of
 * each neighbourhood's point and rounded as the commands round, seen in the last 30 days, one
 * in six reunited. Search entries come from the seed's reindex afterwards.
 */
export async function seedLostFound(
  payload: Payload,
  rng: Rng,
  users: number[],
  total: number | null,
): Promise<number> {
  const pool = pgPool(payload)
  const { rows: places } = await pool.query<{ id: number; latitude: number; longitude: number }>(
    `SELECT id, latitude::float AS latitude, longitude::float AS longitude FROM neighbourhoods
      WHERE latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY id`,
  )
  if (!places.length || !users.length) return 0
  const count = total ?? places.length * LOST_FOUND_PER_NEIGHBOURHOOD
  const now = Date.now()
  const rows = Array.from({ length: count }, (_, i) => {
    const place = places[i % places.length]!
    const [kind, what, title, description] = rng.pick(POSTS)
    const point = roughPlace({
      latitude: place.latitude + rng.float(-0.008, 0.008),
      longitude: place.longitude + rng.float(-0.012, 0.012),
    })
    const seenAt = new Date(now - rng.float(0.1, 30) * DAY)
    return [
      place.id,
      kind,
      what,
      title,
      description,
      seenAt.toISOString(),
      point.latitude,
      point.longitude,
      rng.chance(1 / 6) ? 'reunited' : 'open',
      rng.pick(users),
      new Date(seenAt.getTime() + rng.float(0.01, 0.5) * DAY).toISOString(),
    ]
  })
  for (let start = 0; start < rows.length; start += 500) {
    const batch = rows.slice(start, start + 500)
    const values = batch
      .map((_, r) => {
        const p = (c: number) => `$${r * 11 + c + 1}`
        return `(${p(0)}, ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}, false, 0, 0, ${p(10)}, ${p(10)})`
      })
      .join(', ')
    await pool.query(
      `INSERT INTO lost_found_posts (neighbourhood_id, kind, what, title, description, seen_at,
         latitude, longitude, status, author_id, hidden, reaction_count, comment_count,
         created_at, updated_at) VALUES ${values}`,
      batch.flat(),
    )
  }
  return count
}
