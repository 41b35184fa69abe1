import { describe, expect, it } from 'vitest'

import { buildSeedData } from '@/seed/index'
import { HEX_COLOUR, reviewBadgesFor } from '@/rules/badges'
import { VIBE_EMOJI_NAMES, normaliseCategory } from '@/rules/localSpots'
import { localBusinessSchema } from '@/schemas/localBusiness'

describe('seeded local spots', () => {
  const data = buildSeedData()

  it('are deterministic and spread over about ten neighbourhoods', () => {
    expect(buildSeedData().localSpots).toEqual(data.localSpots)
    const perNeighbourhood = new Map<string, number>()
    for (const s of data.localSpots) {
      perNeighbourhood.set(
        s.neighbourhoodSlug,
        (perNeighbourhood.get(s.neighbourhoodSlug) ?? 0) + 1,
      )
    }
    expect(perNeighbourhood.size).toBeGreaterThanOrEqual(10)
    for (const count of perNeighbourhood.values()) expect(count).toBeGreaterThanOrEqual(2)
  })

  it('pass the same validation as a user’s suggestion', () => {
    const slugs = new Set(data.neighbourhoods.map((n) => n.slug))
    const members = new Set(data.users.map((u) => u.userName))
    for (const spot of data.localSpots) {
      expect(slugs.has(spot.neighbourhoodSlug)).toBe(true)
      expect(members.has(spot.authorUserName)).toBe(true)
      expect(normaliseCategory(spot.category)).toBe(spot.category)
      for (const e of spot.emojis) expect(VIBE_EMOJI_NAMES).toContain(e)
      const parsed = localBusinessSchema.safeParse({ ...spot, neighbourhood: 1 })
      expect(parsed.success, `${spot.name}: ${parsed.error?.issues[0]?.message}`).toBe(true)
      for (const badge of spot.badges) expect(badge.colour).toMatch(HEX_COLOUR)
    }
    expect(data.localSpots.some((s) => s.badges.length > 0)).toBe(true)
    expect(
      data.localSpots.some(
        (s) => !['cafe', 'restaurant', 'gym', 'barber', 'store'].includes(s.category),
      ),
    ).toBe(true)
  })

  it('give each seeded reviewer exactly the badges their review count earns', () => {
    for (const user of data.users) {
      const count = data.reviews.filter((r) => r.userName === user.userName).length
      const names = data.userBadges
        .filter((b) => b.userName === user.userName)
        .map((b) => b.badgeName)
      expect(names).toEqual(reviewBadgesFor(count).map((b) => b.name))
    }
    expect(data.userBadges.length).toBeGreaterThan(0)
  })
})
