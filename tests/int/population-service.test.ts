import { afterAll, describe, expect, it } from 'vitest'

import { populationRequestBody, squareAround } from '@/rules/population'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { testSiteForFile, USUAL_PEOPLE } from './harness'

/**
 * The site's own population service (POST /api/population/sum, ONS Census 2021 for London) and
 * the neighbourhood lookup that uses it when POPULATION_URL is unset, over the site's HTTP server.
 */
type Answer = {
  population: number | null
  year: number
  source: string
  quality: number
  message?: string
}
type Created = {
  doc: {
    id: number
    populationEstimate?: number | null
    populationYear?: number | null
    populationSource?: string | null
    populationQuality?: number | null
    populationStatus?: { ok: boolean; message: string }
  }
}

const SOURCE = 'ONS Census 2021 (LSOA, area-weighted)'
const SHOREDITCH = { latitude: 51.5265, longitude: -0.0777 }
const PARIS = { latitude: 48.8566, longitude: 2.3522 }
/** Room for the file's own calls, so the last test can run into the limit. */
const LIMIT = 40

let http: HttpSite
const people = {
  ...USUAL_PEOPLE,
  env: { RATE_LIMITS: JSON.stringify({ populationSum: { max: LIMIT } }) },
}
const { site, alice, editor } = testSiteForFile(people, async () => {
  delete process.env.POPULATION_URL
  http = await serveOverHttp(site.payload)
})
afterAll(() => http?.close())

let calls = 0
const sum = (body: unknown) => {
  calls += 1
  return http.call<Answer>('POST', '/api/population/sum', { body })
}
const square = (at: { latitude: number; longitude: number }) =>
  populationRequestBody(at.latitude, at.longitude)

describe('POST /api/population/sum', () => {
  it("answers Shoreditch's 400 m square with the census figure, for anyone", async () => {
    const answer = await sum(square(SHOREDITCH))
    expect(answer.status).toBe(200)
    // Checked by hand: the 12 LSOAs the square meets, each one's residents × its share inside
    // (Hackney 033B 1447 × 0.913, Tower Hamlets 006A 1845 × 0.806, … ; docs/operations.md).
    expect(answer.body).toEqual({ population: 8424, year: 2021, source: SOURCE, quality: 1 })
  })

  it('takes the polygon as GeoJSON text too, and any numeric year', async () => {
    const { polygon_geojson } = square(SHOREDITCH)
    const answer = await sum({ polygon_geojson: JSON.stringify(polygon_geojson), year: '2023' })
    expect(answer.status).toBe(200)
    expect(answer.body.population).toBe(8424)
    expect(answer.body.year).toBe(2021)
  })

  it('sums a MultiPolygon as its parts', async () => {
    const a = squareAround(51.5265, -0.0777, 100).coordinates
    const b = squareAround(51.4613, -0.1156, 100).coordinates
    const [one, other, both] = await Promise.all([
      sum({ polygon_geojson: { type: 'Polygon', coordinates: a }, year: 2023 }),
      sum({ polygon_geojson: { type: 'Polygon', coordinates: b }, year: 2023 }),
      sum({ polygon_geojson: { type: 'MultiPolygon', coordinates: [a, b] }, year: 2023 }),
    ])
    expect(both.body.population).toBeGreaterThan(0)
    expect(
      Math.abs(both.body.population! - one.body.population! - other.body.population!),
    ).toBeLessThanOrEqual(1)
  })

  it('says "no data" for Paris, without failing', async () => {
    const answer = await sum(square(PARIS))
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      population: null,
      year: 2021,
      source: SOURCE,
      quality: 0,
      message: 'No data for this place.',
    })
  })

  it("gives less than full quality at London's edge", async () => {
    // Half in Croydon, half in Surrey: the square straddles the Greater London boundary south
    // of Coulsdon.
    const answer = await sum(square({ latitude: 51.2985, longitude: -0.1378 }))
    expect(answer.status).toBe(200)
    expect(answer.body.quality).toBeGreaterThan(0)
    expect(answer.body.quality).toBeLessThan(1)
    expect(answer.body.population).toBeGreaterThan(0)
  })

  const ring = square(SHOREDITCH).polygon_geojson.coordinates[0]!
  const polygon = (coordinates: unknown) => ({
    polygon_geojson: { type: 'Polygon', coordinates },
    year: 2023,
  })
  /** A circle of n points around Shoreditch, 300 m across. */
  const circle = (n: number) => {
    const points = Array.from({ length: n }, (_, i) => [
      -0.0777 + 0.002 * Math.cos((2 * Math.PI * i) / n),
      51.5265 + 0.0013 * Math.sin((2 * Math.PI * i) / n),
    ])
    return [[...points, points[0]]]
  }
  it.each([
    ['no body', undefined, 'polygon_geojson must be a GeoJSON Polygon'],
    ['a Point', { polygon_geojson: { type: 'Point', coordinates: [0, 51] } }, 'GeoJSON Polygon'],
    ['an unclosed ring', polygon([ring.slice(0, 4)]), 'each ring closed'],
    ['a ring of three points', polygon([[ring[0], ring[1], ring[0]]]), 'at least 4'],
    ['text that is not JSON', { polygon_geojson: '{"type":' }, 'GeoJSON Polygon'],
    ['a position that is not numbers', polygon([[['a', 'b'], ...ring.slice(1)]]), 'Polygon'],
    [
      'a latitude out of range',
      polygon([
        [
          [0, 95],
          [1, 95],
          [1, 96],
          [0, 95],
        ],
      ]),
      'Coordinates out of range',
    ],
    [
      'a longitude out of range',
      polygon([
        [
          [190, 51],
          [191, 51],
          [191, 52],
          [190, 51],
        ],
      ]),
      'Coordinates out of range',
    ],
    ['more than 1,000 points', polygon(circle(1001)), 'more than 1,000 points'],
    [
      'more than 25 km²',
      { ...square(SHOREDITCH), polygon_geojson: squareAround(51.5265, -0.0777, 2600) },
      'larger than 25 km²',
    ],
    ['no area', polygon([[ring[0], ring[1], ring[0], ring[0]]]), 'no area'],
    ['a year that is not a number', { ...square(SHOREDITCH), year: 'last year' }, 'year must'],
  ])('refuses %s with 400 and says why', async (_, body, message) => {
    const answer = await sum(body)
    expect(answer.status).toBe(400)
    expect(answer.message).toContain(message)
  })

  it('takes 1,000 points and 25 km², just', async () => {
    expect((await sum(polygon(circle(1000)))).status).toBe(200)
    const almost = await sum({ polygon_geojson: squareAround(51.5265, -0.0777, 2490), year: 2023 })
    expect(almost.status).toBe(200)
    // 5 km across the City: the Thames, in no LSOA, is the part without data.
    expect(almost.body.quality).toBeGreaterThan(0.9)
  })
})

describe('the neighbourhood lookup with no POPULATION_URL', () => {
  const create = (name: string, at: { latitude: number; longitude: number }) =>
    http.call<Created>('POST', '/api/neighbourhoods/new', {
      body: { name, slug: name.toLowerCase(), tagline: 'Tested', vibes: ['Creative'], ...at },
      cookie: alice.cookie,
    })

  it("stores Shoreditch's census figure, as the service answers it", async () => {
    const created = await create('Shoreditch', SHOREDITCH)
    expect(created.status).toBe(201)
    expect(created.body.doc.populationStatus).toEqual({ ok: true, message: 'Population saved.' })
    const stored = await site.payload.findByID({
      collection: 'neighbourhoods',
      id: created.body.doc.id,
    })
    expect(stored).toMatchObject({
      populationEstimate: 8424,
      populationYear: 2021,
      populationSource: SOURCE,
      populationQuality: 1,
    })
  })

  it('saves a place in Paris with no population, and says there is no data', async () => {
    const created = await create('Marais', PARIS)
    expect(created.status).toBe(201)
    expect(created.body.doc.populationStatus).toEqual({
      ok: true,
      message: 'No population data for this place.',
    })
    const stored = await site.payload.findByID({
      collection: 'neighbourhoods',
      id: created.body.doc.id,
    })
    expect(stored.name).toBe('Marais')
    expect(stored.populationEstimate ?? null).toBeNull()
    expect(stored.populationSource ?? null).toBeNull()
  })
})

describe("the admin's 'Look up population again'", () => {
  const refresh = (id: number, cookie?: string) =>
    http.call<Created>('POST', `/api/neighbourhoods/${id}/population`, { cookie })

  it('asks again for staff and saves the new figure through the update', async () => {
    const place = await site.payload.create({
      collection: 'neighbourhoods',
      data: { name: 'Moved', slug: 'moved', tagline: 'Tested', vibes: ['Calm'], ...PARIS },
    })
    expect(place.populationEstimate ?? null).toBeNull()
    expect((await refresh(place.id, alice.cookie)).status).toBe(403)
    expect((await refresh(place.id)).status).toBe(403)

    await site.payload.update({ collection: 'neighbourhoods', id: place.id, data: SHOREDITCH })
    const refreshed = await refresh(place.id, editor.cookie)
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.doc.populationStatus ?? null).toBeNull()
    expect(refreshed.body).toMatchObject({
      populationStatus: { ok: true, message: 'Population saved.' },
      doc: { populationEstimate: 8424, populationSource: SOURCE, populationQuality: 1 },
    })
    const stored = await site.payload.findByID({ collection: 'neighbourhoods', id: place.id })
    expect(stored.populationEstimate).toBe(8424)
  })

  it('says so when there is no point or no such neighbourhood', async () => {
    const place = await site.payload.create({
      collection: 'neighbourhoods',
      data: { name: 'Nowhere', slug: 'nowhere', tagline: 'Tested', vibes: ['Calm'] },
    })
    const noPoint = await refresh(place.id, editor.cookie)
    expect(noPoint.status).toBe(400)
    expect(noPoint.message).toBe('This neighbourhood has no latitude and longitude to look up.')
    expect((await refresh(999_999, editor.cookie)).status).toBe(404)
  })
})

describe('the rate limit', () => {
  it('refuses a client past its sums per minute with 429', async () => {
    let answer = await sum(square(SHOREDITCH))
    while (answer.status === 200 && calls <= LIMIT) answer = await sum(square(SHOREDITCH))
    expect(answer.status).toBe(429)
    expect(answer.message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/)
    expect(calls).toBe(LIMIT + 1)
  })
})

describe('a restored version', () => {
  it('keeps the figures of a place that has not moved (the lookup stores them after the create)', async () => {
    const place = await site.payload.create({
      collection: 'neighbourhoods',
      data: {
        name: 'Restored',
        slug: 'restored',
        tagline: 'First',
        vibes: ['Calm'],
        ...SHOREDITCH,
      },
    })
    const looked = await site.payload.findByID({ collection: 'neighbourhoods', id: place.id })
    expect(looked.populationEstimate).toBe(8424)
    await site.payload.update({
      collection: 'neighbourhoods',
      id: place.id,
      data: { tagline: 'Second' },
    })
    const versions = await site.payload.findVersions({
      collection: 'neighbourhoods',
      where: { parent: { equals: place.id } },
      sort: 'createdAt',
    })
    await site.payload.restoreVersion({ collection: 'neighbourhoods', id: versions.docs[0]!.id })
    const restored = await site.payload.findByID({ collection: 'neighbourhoods', id: place.id })
    expect(restored.tagline).toBe('First')
    expect(restored).toMatchObject({ populationEstimate: 8424, populationSource: SOURCE })
  })
})
