import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedDatabase } from '../../scripts/seed/store'
import { startTestSite, type TestSite } from './harness'

let site: TestSite
beforeAll(async () => {
  site = await startTestSite()
})
afterAll(() => site.close())

describe('demo seed', () => {
  it('fills an empty database with realistic London data, once', async () => {
    const first = await seedDatabase(site.payload, () => {})
    expect(first.seeded).toBe(true)
    const count = async (collection: 'neighbourhoods' | 'reviews' | 'users' | 'media') =>
      (await site.payload.count({ collection })).totalDocs
    const counts = {
      neighbourhoods: await count('neighbourhoods'),
      reviews: await count('reviews'),
      users: await count('users'),
    }
    expect(counts.neighbourhoods).toBeGreaterThanOrEqual(24)
    expect(counts.reviews).toBeGreaterThanOrEqual(100)
    expect(counts.users).toBeGreaterThanOrEqual(3)

    const second = await seedDatabase(site.payload, () => {})
    expect(second.seeded).toBe(false)
    expect(await count('reviews')).toBe(counts.reviews)
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

  it('signs demo users in with the documented password', async () => {
    const cookie = await site.signIn('amara@belong.local', 'belong-demo')
    expect(cookie).toMatch(/^payload-token=/)
  })
})
