import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { startFakeGeocoder, type FakeGeocoder } from '@tests/support/fakeGeocoder'
import { makeUser, startTestSite, type TestSite } from './harness'

type Place = { lat: number; lon: number; displayName: string }
type Refused = { errors: { message: string }[] }

const USER_AGENT = 'Belong-test/0.1 (+mailto:ops@belong.test)'

let site: TestSite
let fake: FakeGeocoder
let cookie: string

beforeAll(async () => {
  fake = await startFakeGeocoder()
  site = await startTestSite({
    GEOCODER_URL: fake.url,
    GEOCODER_USER_AGENT: USER_AGENT,
    GEOCODER_TIMEOUT_MS: '1500',
  })
  cookie = (await makeUser(site, 'gina')).cookie
})
afterAll(async () => {
  await site.close()
  await fake.close()
})
beforeEach(() => {
  fake.mode = 'ok'
  fake.requests.length = 0
  process.env.GEOCODER_URL = fake.url
})

const search = (q: string, as: string | null = cookie) =>
  site.api<Place[] & Refused>('GET', `/api/geocode/search?q=${encodeURIComponent(q)}`, {
    cookie: as ?? undefined,
  })
const reverse = (lat: string | number, lon: string | number) =>
  site.api<{ name: string | null; address: string | null } & Refused>(
    'GET',
    `/api/geocode/reverse?lat=${lat}&lon=${lon}`,
    { cookie },
  )

describe('GET /api/geocode/search', () => {
  it('answers places as { lat, lon, displayName }, asking upstream as Belong', async () => {
    const res = await search('Shoreditch, London')
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      {
        lat: 51.5265,
        lon: -0.0798,
        displayName: 'Shoreditch, London Borough, London, Greater London, England, United Kingdom',
      },
    ])
    expect(fake.requests).toHaveLength(1)
    const seen = fake.requests[0]!
    expect(seen.path).toBe('/search')
    expect(seen.params.get('q')).toBe('Shoreditch, London')
    expect(seen.params.get('format')).toBe('jsonv2')
    expect(seen.headers['user-agent']).toBe(USER_AGENT)
    expect(seen.headers['accept-language']).toMatch(/^en-GB/)
  })

  it('answers an empty list when nothing matches', async () => {
    const res = await search('Atlantis')
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
  })

  it('serves a repeated question from its cache, without asking upstream again', async () => {
    expect((await search('Peckham')).status).toBe(200)
    const again = await search('  peckham ')
    expect(again.status).toBe(200)
    expect(again.body[0]).toMatchObject({ lat: 51.4741, lon: -0.0692 })
    expect(fake.requests.filter((r) => r.path === '/search')).toHaveLength(1)
  })

  it('spaces upstream requests at least a second apart', async () => {
    const [a, b] = await Promise.all([search('Mortlake'), search('Hackney Wick')])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(fake.requests).toHaveLength(2)
    const gap = Math.abs(fake.requests[1]!.at - fake.requests[0]!.at)
    expect(gap).toBeGreaterThanOrEqual(995)
  })

  it('refuses signed-out callers and bad queries without asking upstream', async () => {
    const signedOut = await search('Shoreditch', null)
    expect(signedOut.status).toBe(401)
    expect(signedOut.body.errors[0]!.message).toBe('Please sign in to search for places.')
    for (const q of ['', ' a ', 'x'.repeat(201)]) {
      const res = await search(q)
      expect(res.status, JSON.stringify(q)).toBe(400)
      expect(res.body.errors[0]!.message).toBe('Type 2 to 200 characters to search for a place.')
    }
    expect(fake.requests).toHaveLength(0)
  })

  it('answers 502 when the upstream fails, and does not cache the failure', async () => {
    fake.mode = 'error'
    const failed = await search('Shoreditch High Street')
    expect(failed.status).toBe(502)
    expect(failed.body.errors[0]!.message).toBe('Search failed. Please try again.')
    fake.mode = 'ok'
    const retried = await search('Shoreditch High Street')
    expect(retried.status).toBe(200)
    expect(retried.body).toHaveLength(1)
  })

  it('answers 502 when the upstream does not answer in time or cannot be reached', async () => {
    fake.mode = 'hang'
    const started = Date.now()
    const slow = await search('Peckham Rye')
    expect(slow.status).toBe(502)
    expect(Date.now() - started).toBeLessThan(4000)
    process.env.GEOCODER_URL = 'http://127.0.0.1:9' // nothing listens on the discard port
    const down = await search('Peckham Rye')
    expect(down.status).toBe(502)
    expect(down.body.errors[0]!.message).toBe('Search failed. Please try again.')
  })

  it('refuses with 429 instead of queueing more than five callers at once', async () => {
    const queries = Array.from({ length: 8 }, (_, i) => `Mortlake ${i + 1}`)
    const answers = await Promise.all(queries.map((q) => search(q)))
    const statuses = answers.map((a) => a.status)
    const answered = statuses.filter((s) => s === 200).length
    // One running plus at most five waiting; the rest are refused at once.
    expect(answered).toBeGreaterThanOrEqual(5)
    expect(answered).toBeLessThanOrEqual(6)
    expect(statuses.filter((s) => s === 429)).toHaveLength(8 - answered)
    expect(answers.find((a) => a.status === 429)!.body.errors[0]!.message).toBe(
      'Too many place searches at once. Please try again in a moment.',
    )
    expect(fake.requests).toHaveLength(answered)
  })
})

describe('GET /api/geocode/reverse', () => {
  it('answers the area name and a short address for a point', async () => {
    const res = await reverse(51.52, -0.09)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ name: 'Shoreditch', address: '12 Old Street, Shoreditch' })
    const seen = fake.requests[0]!
    expect(seen.path).toBe('/reverse')
    expect(seen.params.get('lat')).toBe('51.52000')
    expect(seen.headers['user-agent']).toBe(USER_AGENT)
  })

  it('answers nulls where there is nothing (open sea)', async () => {
    const res = await reverse(40, -30)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ name: null, address: null })
  })

  it('refuses coordinates out of range or not numbers', async () => {
    for (const [lat, lon] of [
      [91, 0],
      [0, -181],
      ['abc', 0],
      ['', ''],
    ]) {
      const res = await reverse(lat!, lon!)
      expect(res.status, `${lat},${lon}`).toBe(400)
      expect(res.body.errors[0]!.message).toBe('Please provide valid latitude and longitude.')
    }
    expect(fake.requests).toHaveLength(0)
  })
})
