import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import {
  AVATAR_SIZE,
  IMAGE_HEIGHT,
  IMAGE_WIDTH,
  VIBES,
  buildSeedData,
  createRng,
  makeAvatar,
  makeNeighbourhoodImage,
} from '@/seed/index'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

describe('seed data', () => {
  const data = buildSeedData()

  it('is deterministic for a seed and varies between seeds', () => {
    expect(buildSeedData()).toEqual(data)
    expect(buildSeedData(7)).toEqual(buildSeedData(7))
    expect(buildSeedData(7).reviews).not.toEqual(data.reviews)
  })

  it('has enough neighbourhoods with unique valid slugs', () => {
    expect(data.neighbourhoods.length).toBeGreaterThanOrEqual(24)
    const slugs = data.neighbourhoods.map((n) => n.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) expect(slug).toMatch(SLUG)
  })

  it('places every neighbourhood inside Greater London', () => {
    for (const n of data.neighbourhoods) {
      expect(n.latitude, n.name).toBeGreaterThanOrEqual(51.28)
      expect(n.latitude, n.name).toBeLessThanOrEqual(51.7)
      expect(n.longitude, n.name).toBeGreaterThanOrEqual(-0.51)
      expect(n.longitude, n.name).toBeLessThanOrEqual(0.34)
    }
  })

  it('uses only allowed vibes, and all of them', () => {
    const used = new Set<string>()
    for (const n of data.neighbourhoods) {
      expect(n.vibes.length).toBeGreaterThanOrEqual(1)
      expect(n.vibes.length).toBeLessThanOrEqual(3)
      expect(n.tagline.length).toBeLessThanOrEqual(80)
      for (const v of n.vibes) {
        expect(VIBES).toContain(v)
        used.add(v)
      }
    }
    expect([...used].sort()).toEqual([...VIBES].sort())
  })

  it('has plenty of valid reviews pointing at known neighbourhoods and users', () => {
    const slugs = new Set(data.neighbourhoods.map((n) => n.slug))
    const users = new Set(data.users.map((u) => u.userName))
    expect(data.reviews.length).toBeGreaterThanOrEqual(100)
    for (const r of data.reviews) {
      expect(Number.isInteger(r.rating)).toBe(true)
      expect(r.rating).toBeGreaterThanOrEqual(1)
      expect(r.rating).toBeLessThanOrEqual(5)
      expect(r.comment.length).toBeGreaterThanOrEqual(40)
      expect(slugs.has(r.neighbourhoodSlug)).toBe(true)
      if (r.userName !== null) expect(users.has(r.userName)).toBe(true)
      expect(r.authorName.length).toBeGreaterThan(0)
      expect(Number.isNaN(Date.parse(r.createdAt))).toBe(false)
    }
    expect(data.reviews.some((r) => r.userName === null)).toBe(true)
  })

  it('gives some users enough reviews for each badge, and one user none', () => {
    const counts = data.users.map(
      (u) => data.reviews.filter((r) => r.userName === u.userName).length,
    )
    expect(counts.some((c) => c >= 5)).toBe(true)
    expect(counts.some((c) => c >= 3 && c < 5)).toBe(true)
    expect(counts.some((c) => c < 3)).toBe(true)
  })

  it('has one admin, one editor and members', () => {
    const roles = data.users.map((u) => u.role)
    expect(roles.filter((r) => r === 'admin')).toHaveLength(1)
    expect(roles.filter((r) => r === 'editor')).toHaveLength(1)
    expect(roles.filter((r) => r === 'member').length).toBeGreaterThan(0)
  })
})

describe('seed images', () => {
  it('renders a neighbourhood cover as a 1200×675 JPEG, the same every time', async () => {
    const n = buildSeedData().neighbourhoods[0]
    if (!n) throw new Error('no neighbourhoods')
    const image = await makeNeighbourhoodImage(n, createRng(1))
    const meta = await sharp(image).metadata()
    expect(meta.format).toBe('jpeg')
    expect([meta.width, meta.height]).toEqual([IMAGE_WIDTH, IMAGE_HEIGHT])
    expect(await makeNeighbourhoodImage(n, createRng(1))).toEqual(image)
  })

  it('renders a 256×256 PNG avatar', async () => {
    const meta = await sharp(await makeAvatar('Amara Okafor', createRng(1))).metadata()
    expect(meta.format).toBe('png')
    expect([meta.width, meta.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE])
  })
})
