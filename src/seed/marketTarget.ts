import type { Payload } from 'payload'

import {
  expiryFrom,
  MARKET_CONDITIONS,
  MAX_LIVE_ITEMS,
  MAX_PRICE_PENCE,
  MIN_PRICE_PENCE,
  type MarketKind,
} from '@/rules/market'
import { pgPool } from '@/server/database/db'
import type { Rng } from './random'

/** SEED_SIZE=target: the large seed of the market. */
export const MARKET_TARGET = 20_000
/** Members who list them, each with at most MAX_LIVE_ITEMS items at all, so never over the limit. */
const SELLERS = Math.ceil(MARKET_TARGET / MAX_LIVE_ITEMS)
/** Listed over this many days: those listed more than 30 days ago (unrenewed) have expired. */
const LISTED_OVER_DAYS = 40

// prettier-ignore
const THINGS: [string, string][] = [
  ['Oak bookcase', 'Five shelves, solid oak, a few marks on the side.'],
  ['Moving boxes', 'Flat-packed boxes, used once.'],
  ['Child bike', 'Stabilisers included; outgrown, not worn out.'],
  ['Pasta machine', 'Hand-cranked, with the clamp.'],
  ['Two-seater sofa', 'Grey fabric, no pets, no smoke. Needs two to carry.'],
  ['Tomato seedlings', 'Too many sown again this year: take a tray.'],
  ['Desk lamp', 'Brass, warm bulb included.'],
  ['Garden fork', 'For the allotment; a little rust on the handle.'],
  ['Armchair', 'Reupholstered last year, green velvet.'],
  ['Kettle', 'Works well; we were given a second one.'],
  ['Record player', 'Belt drive, new stylus, speakers not included.'],
  ['Baby clothes', 'A bag of 0-6 months, washed and folded.'],
  ['Dining table', 'Seats six, extends to eight.'],
  ['Winter coat', 'Size M, worn one season.'],
  ['Board games', 'Complete sets, boxes a bit tired.'],
  ['Standing lamp', 'Tall, white shade, dimmer switch.'],
]
const STREETS = ['High Street', 'Church Road', 'Station Road', 'Park Lane', 'Mill Lane', null]
const KINDS: [MarketKind, number][] = [
  ['sale', 5],
  ['free', 3],
  ['wanted', 2],
]
const DAY_MS = 24 * 3600 * 1000

/** A price as sellers type them: round pounds mostly, some with pence, £1–£500, a few dearer. */
function pricePence(rng: Rng): number {
  const pounds = rng.chance(0.05) ? rng.int(500, 5_000) : rng.int(1, 500)
  const pence = rng.chance(0.3) ? rng.pick([50, 99, 25]) : 0
  return Math.min(MAX_PRICE_PENCE, Math.max(MIN_PRICE_PENCE, pounds * 100 + pence))
}

/**
 * The large seed's market, straight into the tables (one statement each): SELLERS members
 * (confirmed, no password) who each list MAX_LIVE_ITEMS items in their neighbourhood over the last
 * LISTED_OVER_DAYS days, as the commands would store them: a price in whole pence only for sale,
 * no condition for Wanted, a tenth gone and some reserved, each expiring 30 days after it was
 * listed (a quarter already expired). Search entries come from the seed's reindex afterwards.
 */
export async function seedMarketTarget(payload: Payload, rng: Rng, now: Date): Promise<number> {
  const pool = pgPool(payload)
  const { rows: places } = await pool.query<{ id: number }>(
    'SELECT id FROM neighbourhoods ORDER BY id',
  )
  if (!places.length) return 0
  const { rows: sellers } = await pool.query<{ id: number }>(
    `INSERT INTO users (email, user_name, user_name_key, role, created_at, updated_at,
                        email_confirmed_at)
     SELECT 'seller' || g || '@seed.belong.local', 'seller' || g, 'seller' || g, 'member',
            $2::timestamptz - interval '400 days', $2, $2::timestamptz - interval '400 days'
       FROM generate_series(1, $1::int) g
     RETURNING id`,
    [SELLERS, now.toISOString()],
  )
  const columns = {
    kind: [] as string[],
    title: [] as string[],
    description: [] as string[],
    price: [] as (number | null)[],
    condition: [] as (string | null)[],
    street: [] as (string | null)[],
    status: [] as string[],
    created: [] as string[],
    expires: [] as string[],
    neighbourhood: [] as number[],
    author: [] as number[],
  }
  for (let i = 0; i < MARKET_TARGET; i++) {
    const seller = Math.floor(i / MAX_LIVE_ITEMS)
    const kind = rng.weighted(KINDS)
    const [title, description] = rng.pick(THINGS)
    const created = new Date(now.getTime() - rng.float(0.01, LISTED_OVER_DAYS) * DAY_MS)
    columns.kind.push(kind)
    columns.title.push(title)
    columns.description.push(description)
    columns.price.push(kind === 'sale' ? pricePence(rng) : null)
    columns.condition.push(kind === 'wanted' ? null : rng.pick(MARKET_CONDITIONS))
    columns.street.push(rng.pick(STREETS))
    columns.status.push(rng.chance(0.1) ? 'gone' : rng.chance(0.08) ? 'reserved' : 'available')
    columns.created.push(created.toISOString())
    columns.expires.push(expiryFrom(created).toISOString())
    columns.neighbourhood.push(places[seller % places.length]!.id)
    columns.author.push(sellers[seller]!.id)
  }
  await pool.query(
    `INSERT INTO market_items (kind, title, description, price_pence, condition, street, status,
                               created_at, updated_at, expires_at, neighbourhood_id, author_id,
                               hidden)
     SELECT k::enum_market_items_kind, t, d, p, c::enum_market_items_condition, s,
            st::enum_market_items_status, ca, ca, ea, n, a, false
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[],
                   $7::text[], $8::timestamptz[], $9::timestamptz[], $10::int[], $11::int[])
            AS x(k, t, d, p, c, s, st, ca, ea, n, a)`,
    Object.values(columns),
  )
  return MARKET_TARGET
}
