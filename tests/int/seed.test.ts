import { describe, expect, it } from 'vitest'

import { MAX_LIVE_ITEMS, MAX_PRICE_PENCE, MIN_PRICE_PENCE } from '@/rules/market'
import { pgPool } from '@/server/database/db'
import { buildSeedData, DEFAULT_SEED, DEMO_TOTP_SECRET } from '@/seed'
import { MARKET_TARGET, seedMarketTarget } from '@/seed/marketTarget'
import { createRng } from '@/seed/random'
import { seedDatabase } from '@/seed/store'
import { currentCode } from '@/data/twoFactor'
import { quietPlace, testSiteForFile } from './harness'

const { site } = testSiteForFile({})

describe('demo seed', () => {
  it('fills an empty database with realistic London data, once', async () => {
    const first = await seedDatabase(site.payload, () => {})
    expect(first.seeded).toBe(true)
    const count = async (
      collection: 'neighbourhoods' | 'reviews' | 'users' | 'media' | 'lost-found-posts',
    ) => (await site.payload.count({ collection })).totalDocs
    const counts = {
      neighbourhoods: await count('neighbourhoods'),
      reviews: await count('reviews'),
      users: await count('users'),
    }
    expect(counts.neighbourhoods).toBeGreaterThanOrEqual(24)
    expect(counts.reviews).toBeGreaterThanOrEqual(100)
    expect(counts.users).toBeGreaterThanOrEqual(3)
    // A few lost and found posts for every neighbourhood with a place on the map.
    expect(await count('lost-found-posts')).toBeGreaterThanOrEqual(counts.neighbourhoods * 2)

    const second = await seedDatabase(site.payload, () => {})
    expect(second.seeded).toBe(false)
    expect(await count('reviews')).toBe(counts.reviews)
  }, 180_000) // 42 generated cover images; slow when the machine is busy

  it("writes members' reviews and comments as them (their commands), each review on its own date", async () => {
    const db = pgPool(site.payload)
    const { rows } = await db.query<{ who: string | null; author: string; at: Date }>(
      `SELECT u.user_name AS who, r.author_name AS author, r.created_at AS at
         FROM reviews r LEFT JOIN users u ON u.id = r.user_id`,
    )
    const stored = new Set(rows.map((r) => `${r.who}|${r.author}|${r.at.toISOString()}`))
    for (const review of buildSeedData(DEFAULT_SEED).reviews) {
      const key = `${review.userName}|${review.authorName}|${review.createdAt}`
      expect(stored.has(key), key).toBe(true)
    }
    const comments = await db.query(
      'SELECT count(*)::int AS n, count(author_id)::int AS authored FROM comments',
    )
    expect(comments.rows[0].n).toBeGreaterThan(0)
    expect(comments.rows[0].authored).toBe(comments.rows[0].n)
  })

  it('gives every neighbourhood a WebP image with resized variants', async () => {
    const { docs } = await site.payload.find({
      collection: 'neighbourhoods',
      where: { slug: { equals: 'brixton' } },
      depth: 1,
    })
    const image = docs[0]!.image as { mimeType: string; sizes: Record<string, { width: number }> }
    expect(image.mimeType).toBe('image/webp')
    expect(image.sizes.card!.width).toBe(640)
    expect(docs[0]!.latitude).toBeCloseTo(51.46, 1)
  })

  it("gives every neighbourhood its population from the site's own census service", async () => {
    const { docs } = await site.payload.find({
      collection: 'neighbourhoods',
      pagination: false,
      depth: 0,
    })
    expect(docs.length).toBeGreaterThanOrEqual(24)
    for (const doc of docs) {
      expect(doc.populationSource, doc.slug).toBe('ONS Census 2021 (LSOA, area-weighted)')
      expect(doc.populationYear, doc.slug).toBe(2021)
      expect(doc.populationEstimate, doc.slug).toBeGreaterThan(0)
    }
    // Checked by hand against the census's LSOAs (docs/operations.md).
    expect(docs.find((d) => d.slug === 'shoreditch')?.populationEstimate).toBe(8424)
  })

  it('signs demo users in with the documented password, staff with the documented key too', async () => {
    const cookie = await site.signIn('priya@belong.local', 'belong-demo')
    expect(cookie).toMatch(/^payload-token=/)
    // The demo's admin has two-factor on with DEMO_TOTP_SECRET (README's demo section).
    const first = await site.api<{ challenge: string }>('POST', '/api/accounts/login', {
      body: { email: 'amara@belong.local', password: 'belong-demo' },
    })
    expect(first.status).toBe(202)
    const second = await site.api('POST', '/api/accounts/login/code', {
      body: { challenge: first.body.challenge, code: currentCode(DEMO_TOTP_SECRET) },
    })
    expect(second.status).toBe(200)
    expect(second.cookie).toMatch(/^payload-token=/)
  })

  it('stores local spots with badges, and the review badges reviewers earned, without notifying', async () => {
    const spots = await site.api<{ totalDocs: number; docs: { author: { userName: string } }[] }>(
      'GET',
      '/api/local-businesses?limit=100&depth=1',
    )
    expect(spots.body.totalDocs).toBeGreaterThanOrEqual(20)
    expect(spots.body.docs.every((s) => s.author.userName.length > 0)).toBe(true)
    expect((await site.payload.count({ collection: 'business-badges' })).totalDocs).toBeGreaterThan(
      0,
    )

    const reviewers = await site.payload.find({ collection: 'users', pagination: false, depth: 0 })
    for (const user of reviewers.docs) {
      const reviews = await site.payload.count({
        collection: 'reviews',
        where: { user: { equals: user.id } },
      })
      const badges = await site.payload.find({
        collection: 'user-badges',
        where: { user: { equals: user.id } },
        pagination: false,
      })
      const expected = [
        reviews.totalDocs >= 3 && 'Frequent Explorer',
        reviews.totalDocs >= 5 && 'Top Local',
      ]
      expect(badges.docs.map((b) => b.badgeName).sort()).toEqual(expected.filter(Boolean).sort())
    }
    const notified = await site.payload.count({
      collection: 'notifications',
      where: { type: { equals: 'badge' } },
    })
    expect(notified.totalDocs).toBe(0)
  })

  it('lists a few market items in every neighbourhood, each member under the live limit', async () => {
    const db = pgPool(site.payload)
    const empty = await db.query(
      `SELECT n.slug FROM neighbourhoods n
        WHERE NOT EXISTS (SELECT 1 FROM market_items i WHERE i.neighbourhood_id = n.id)`,
    )
    expect(empty.rows).toEqual([])
    const live = await db.query(
      `SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM market_items
        WHERE status <> 'gone' AND expires_at > now() GROUP BY author_id) per_member`,
    )
    expect(live.rows[0].most).toBeLessThan(MAX_LIVE_ITEMS)
  })
})

describe('the large seed (SEED_SIZE=target)', () => {
  it("adds 20,000 market items as the market's rules allow, some gone, some expired", async () => {
    await quietPlace(site, 'Bulkbury', 'Many things')
    const db = pgPool(site.payload)
    const before = (await db.query('SELECT count(*)::int AS n FROM market_items')).rows[0].n
    expect(await seedMarketTarget(site.payload, createRng(7), new Date())).toBe(MARKET_TARGET)
    const { rows } = await db.query(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE (i.kind = 'sale') <> (i.price_pence IS NOT NULL))::int AS bad_price,
              count(*) FILTER (WHERE i.price_pence < $1 OR i.price_pence > $2
                                  OR i.price_pence <> round(i.price_pence))::int AS out_of_range,
              count(*) FILTER (WHERE (i.kind = 'wanted') <> (i.condition IS NULL))::int AS bad_condition,
              count(*) FILTER (WHERE i.status = 'gone')::int AS gone,
              count(*) FILTER (WHERE i.expires_at <= now())::int AS expired,
              count(*) FILTER (WHERE i.expires_at - i.created_at <> interval '30 days')::int AS odd_expiry,
              count(*) FILTER (WHERE char_length(i.title) NOT BETWEEN 3 AND 80)::int AS bad_title
         FROM market_items i JOIN users u ON u.id = i.author_id
        WHERE u.user_name LIKE 'seller%'`,
      [MIN_PRICE_PENCE, MAX_PRICE_PENCE],
    )
    const all = (await db.query('SELECT count(*)::int AS n FROM market_items')).rows[0].n
    expect(all - before).toBe(MARKET_TARGET)
    expect(rows[0]).toMatchObject({
      n: MARKET_TARGET,
      bad_price: 0,
      out_of_range: 0,
      bad_condition: 0,
      odd_expiry: 0,
      bad_title: 0,
    })
    expect(rows[0].gone).toBeGreaterThan(MARKET_TARGET * 0.05)
    expect(rows[0].expired).toBeGreaterThan(MARKET_TARGET * 0.1)
    const live = await db.query(
      `SELECT max(n)::int AS most FROM (SELECT count(*) AS n FROM market_items
        WHERE status <> 'gone' AND expires_at > now() AND hidden IS NOT TRUE
        GROUP BY author_id) per_member`,
    )
    expect(live.rows[0].most).toBeLessThanOrEqual(MAX_LIVE_ITEMS)
    const sellers = await db.query(
      `SELECT count(*)::int AS n FROM users
        WHERE user_name LIKE 'seller%' AND email_confirmed_at IS NULL`,
    )
    expect(sellers.rows[0].n).toBe(0)
  })
})
