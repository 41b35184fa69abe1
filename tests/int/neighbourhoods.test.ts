import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { testSiteForFile, USUAL_PEOPLE } from './harness'
import { makeImage, uploadMedia } from './images'

type Neighbourhood = {
  id: number
  name: string
  slug: string
  tagline: string
  vibes: string[]
  latitude?: number | null
  longitude?: number | null
  location?: string | null
  populationEstimate?: number | null
  populationYear?: number | null
  populationSource?: string | null
  populationQuality?: number | null
  populationStatus?: { ok: boolean; message: string }
}
type Created = { doc: Neighbourhood }
type Refused = { errors: { message: string }[] }

const { site, alice, bob, editor } = testSiteForFile(USUAL_PEOPLE)
let counter = 0

afterEach(() => {
  delete process.env.POPULATION_URL
  delete process.env.POPULATION_TOKEN
})

/** A fresh valid neighbourhood body (unique slug per call unless given). */
const body = (extra: Record<string, unknown> = {}) => {
  counter += 1
  return {
    name: `Place ${counter}`,
    slug: `place-${counter}`,
    tagline: 'Quiet streets and a good bakery',
    vibes: ['Calm'],
    ...extra,
  }
}
const create = (data: Record<string, unknown>, cookie = alice.cookie) =>
  site.api<Created & Refused>('POST', '/api/neighbourhoods/new', { body: data, cookie })
const count = async (where: Record<string, unknown> = {}) =>
  (await site.payload.count({ collection: 'neighbourhoods', where: where as never })).totalDocs
const stored = (id: number) =>
  site.payload.findByID({ collection: 'neighbourhoods', id, depth: 0 }) as Promise<Neighbourhood>

/** neighbourhoods.edit as the form sends it: the stored fields, with `changes`. */
const editForm = async (id: number, changes: Record<string, unknown>, cookie = alice.cookie) => {
  const { name, slug, tagline, vibes, latitude, longitude } = await stored(id)
  return site.api<Created & Refused>('PATCH', `/api/neighbourhoods/${id}/details`, {
    body: { name, slug, tagline, vibes, latitude, longitude, ...changes },
    cookie,
  })
}

describe('the neighbourhood form rules (SPEC §5)', () => {
  it('takes vibes as comma-separated text, trimmed and matched', async () => {
    const created = await create(body({ vibes: ' calm , Family-Friendly,, ' }))
    expect(created.status).toBe(201)
    expect((await stored(created.body.doc.id)).vibes).toEqual(['Calm', 'Family-Friendly'])
  })

  it.each([
    ['no name', { name: ' ' }, 'Please provide a name and slug.'],
    ['no slug', { slug: '' }, 'Please provide a name and slug.'],
    [
      'a slug slugify would change',
      { slug: 'Camden Town' },
      'Slugs use only lower-case letters, digits and hyphens.',
    ],
    ['no tagline', { tagline: undefined }, 'Please provide a tagline.'],
    ['no vibes', { vibes: [] }, 'Please choose at least one vibe.'],
    [
      'an unknown vibe',
      { vibes: 'Calm, Haunted' },
      'Vibes are Calm, Creative, Family-Friendly or Diverse.',
    ],
    [
      'latitude without longitude',
      { latitude: 51.5 },
      'Please provide valid latitude and longitude.',
    ],
    [
      'a latitude that is not a number',
      { latitude: 'north', longitude: 0 },
      'Please provide valid latitude and longitude.',
    ],
  ])('refuses %s with 400 and writes nothing', async (_, extra, message) => {
    const before = await count()
    const refused = await create(body(extra))
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]!.message).toBe(message)
    expect(await count()).toBe(before)
  })

  it('accepts only an image uploaded as a neighbourhood image', async () => {
    const png = await makeImage('png')
    const photo = await uploadMedia<{ doc: { id: number } }>(
      site,
      { data: png, name: 'r.png', type: 'image/png' },
      { purpose: 'review-photo' },
      alice.cookie,
    )
    const refused = await create(body({ image: photo.body.doc.id }))
    expect(refused.status).toBe(400)
    const image = await uploadMedia<{ doc: { id: number } }>(
      site,
      { data: png, name: 'n.png', type: 'image/png' },
      { purpose: 'neighbourhood-image' },
      alice.cookie,
    )
    expect((await create(body({ image: image.body.doc.id }))).status).toBe(201)
  })
})

describe('location and population fields', () => {
  it("computes location 'POINT(lon lat)' and ignores one from the client", async () => {
    const created = await create(
      body({ latitude: 51.4613, longitude: -0.1156, location: 'POINT(0 0)' }),
    )
    expect(created.status).toBe(201)
    expect(created.body.doc.location).toBe('POINT(-0.1156 51.4613)')
    const moved = await editForm(created.body.doc.id, { latitude: 51.47, location: 'POINT(1 1)' })
    expect(moved.status).toBe(200)
    expect((await stored(created.body.doc.id)).location).toBe('POINT(-0.1156 51.47)')
  })

  it('does not let members write population fields', async () => {
    const population = {
      populationEstimate: 999999,
      populationYear: 1999,
      populationSource: 'made up',
      populationQuality: 1,
    }
    const created = await create(body(population))
    expect(created.status).toBe(201)
    const id = created.body.doc.id
    await editForm(id, population)
    const doc = await stored(id)
    expect(doc.populationEstimate ?? null).toBeNull()
    expect(doc.populationSource ?? null).toBeNull()
    const byStaff = await site.api('PATCH', `/api/neighbourhoods/${id}`, {
      body: { populationEstimate: 4200 },
      cookie: editor.cookie,
    })
    expect(byStaff.status).toBe(200)
    expect((await stored(id)).populationEstimate).toBe(4200)
  })
})

describe('slugs', () => {
  it('numbers a taken slug on create: peckham, peckham-2, peckham-3', async () => {
    const slugs = []
    for (let i = 0; i < 3; i++) {
      const created = await create(body({ slug: 'peckham', name: `Peckham ${i}` }), bob.cookie)
      expect(created.status).toBe(201)
      slugs.push(created.body.doc.slug)
    }
    expect(slugs).toEqual(['peckham', 'peckham-2', 'peckham-3'])
  })

  it('gives parallel creates distinct slugs, none lost', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(body({ slug: 'brixton', name: `Brixton ${i}` }))),
    )
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201))
    const slugs = results.map((r) => r.body.doc.slug).sort()
    expect(slugs).toEqual([
      'brixton',
      'brixton-2',
      'brixton-3',
      'brixton-4',
      'brixton-5',
      'brixton-6',
    ])
    expect(await count({ slug: { like: 'brixton' } })).toBe(6)
  })

  it('gives up after 20 numbered variants with the spec message', async () => {
    for (const slug of ['full', ...Array.from({ length: 20 }, (_, i) => `full-${i + 2}`)]) {
      await site.payload.create({
        collection: 'neighbourhoods',
        data: { name: slug, slug, tagline: 't', vibes: ['Calm'] },
      })
    }
    const refused = await create(body({ slug: 'full' }))
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]!.message).toBe(
      'That slug is already taken. Please choose a different one.',
    )
    expect(await count({ slug: { like: 'full' } })).toBe(21)
  })

  it("treats 'new' as taken: /neighbourhood/new is the submit form", async () => {
    const created = await create(body({ slug: 'new', name: 'New' }))
    expect(created.status).toBe(201)
    expect(created.body.doc.slug).toBe('new-2')
    const refused = await editForm(created.body.doc.id, { slug: 'new' })
    expect(refused.status).toBe(400)
    expect((await stored(created.body.doc.id)).slug).toBe('new-2')
  })

  it('refuses an update to a taken slug with 400 and the spec message', async () => {
    const created = await create(body({ slug: 'dulwich' }))
    await create(body({ slug: 'herne-hill' }))
    const refused = await editForm(created.body.doc.id, { slug: 'herne-hill', tagline: 'Changed' })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]!.message).toBe(
      'That slug is already taken. Please choose a different one.',
    )
    const doc = await stored(created.body.doc.id)
    expect([doc.slug, doc.tagline]).toEqual(['dulwich', 'Quiet streets and a good bakery'])
  })
})

describe('who may change neighbourhoods', () => {
  it('lets the member who submitted it edit it through the form’s command; no one else', async () => {
    const created = await create(body({ latitude: 51.46, longitude: -0.11 }))
    const { id, slug } = created.body.doc
    const edit = (name: string, cookie?: string) =>
      site.api<Created & Refused>('PATCH', `/api/neighbourhoods/${id}/details`, {
        body: { ...body({ name, slug }), latitude: 51.46, longitude: -0.11 },
        cookie,
      })
    const byBob = await edit('Bob’s town', bob.cookie)
    expect(byBob.status).toBe(403)
    const signedOut = await edit('Nobody’s town')
    expect(signedOut.status).toBe(401)
    expect(signedOut.body.errors[0]!.message).toBe(
      'You must be signed in to submit a neighbourhood.',
    )
    expect((await stored(id)).name).not.toMatch(/town/)
    const own = await edit('Alice’s town', alice.cookie)
    expect(own.status).toBe(200)
    expect(own.body.doc).toMatchObject({ id, slug, name: 'Alice’s town' })
  })

  it('lets only staff delete, not even the creator', async () => {
    const created = await create(body())
    const id = created.body.doc.id
    expect(
      (await site.api('DELETE', `/api/neighbourhoods/${id}`, { cookie: alice.cookie })).status,
    ).toBe(403)
    expect(
      (await site.api('DELETE', `/api/neighbourhoods/${id}`, { cookie: bob.cookie })).status,
    ).toBe(403)
    expect(
      (await site.api('DELETE', `/api/neighbourhoods/${id}`, { cookie: editor.cookie })).status,
    ).toBe(200)
    expect(await count({ id: { equals: id } })).toBe(0)
  })
})

/** A stand-in population service on 127.0.0.1 that records what it is sent. */
function populationService(answer: (res: http.ServerResponse) => void) {
  const requests: {
    method?: string
    url?: string
    headers: http.IncomingHttpHeaders
    body: unknown
  }[] = []
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      requests.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: JSON.parse(raw),
      })
      answer(res)
    })
  })
  return {
    requests,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const json = (status: number, payload: unknown) => (res: http.ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(typeof payload === 'string' ? payload : JSON.stringify(payload))
}

describe('population lookup after create', () => {
  const at = { latitude: 51.4613, longitude: -0.1156 }

  it('asks for a 400 m square in 2023 with the bearer token and stores the answer', async () => {
    const service = populationService(
      json(200, { population: 14321.4, year: 2020, source: 'worldpop-test', quality: 0.75 }),
    )
    process.env.POPULATION_URL = `${await service.start()}/`
    process.env.POPULATION_TOKEN = 'test-token'
    const created = await create(body({ ...at, vibes: 'Diverse, Creative' }))
    await service.stop()

    expect(created.status).toBe(201)
    expect(created.body.doc.populationStatus).toEqual({ ok: true, message: 'Population saved.' })
    expect(service.requests).toHaveLength(1)
    const [request] = service.requests
    expect(request!.method).toBe('POST')
    expect(request!.url).toBe('/sum')
    expect(request!.headers.authorization).toBe('Bearer test-token')
    const sent = request!.body as {
      year: number
      polygon_geojson: { type: string; coordinates: number[][][] }
    }
    expect(sent.year).toBe(2023)
    expect(sent.polygon_geojson.type).toBe('Polygon')
    const ring = sent.polygon_geojson.coordinates[0]!
    expect(ring).toHaveLength(5)
    expect(ring[4]).toEqual(ring[0])
    const lats = ring.map((p) => p[1]!)
    const lons = ring.map((p) => p[0]!)
    const dLat = 400 / 111320
    const dLon = 400 / (111320 * Math.cos((at.latitude * Math.PI) / 180))
    expect(Math.min(...lats)).toBeCloseTo(at.latitude - dLat, 9)
    expect(Math.max(...lats)).toBeCloseTo(at.latitude + dLat, 9)
    expect(Math.min(...lons)).toBeCloseTo(at.longitude - dLon, 9)
    expect(Math.max(...lons)).toBeCloseTo(at.longitude + dLon, 9)

    const doc = await stored(created.body.doc.id)
    expect(doc).toMatchObject({
      populationEstimate: 14321,
      populationYear: 2020,
      populationSource: 'worldpop-test',
      populationQuality: 0.75,
      vibes: ['Diverse', 'Creative'],
    })
    expect(doc).not.toHaveProperty('populationStatus')
  })

  it("fills a missing year, source and quality with 2023, 'worldpop' and 0.9", async () => {
    const service = populationService(json(200, { population: 800 }))
    process.env.POPULATION_URL = await service.start()
    const created = await create(body(at))
    await service.stop()
    expect(service.requests[0]!.headers.authorization).toBeUndefined()
    expect(await stored(created.body.doc.id)).toMatchObject({
      populationEstimate: 800,
      populationYear: 2023,
      populationSource: 'worldpop',
      populationQuality: 0.9,
    })
  })

  it.each([
    ['a 500', json(500, { error: 'boom' })],
    ['an answer without a population', json(200, { year: 2023 })],
    ['an answer that is not JSON', json(200, '<html>')],
  ])('keeps the neighbourhood and reports a service error on %s', async (_, answer) => {
    const service = populationService(answer)
    process.env.POPULATION_URL = await service.start()
    const created = await create(body(at))
    await service.stop()
    expect(created.status).toBe(201)
    expect(created.body.doc.populationStatus).toEqual({
      ok: false,
      message: 'Saved neighbourhood, but failed to save population. Population service error.',
    })
    const doc = await stored(created.body.doc.id)
    expect(doc.name).toBe(created.body.doc.name)
    expect(doc.populationEstimate ?? null).toBeNull()
  })

  it('keeps the neighbourhood and reports an unreachable service on a closed port', async () => {
    const service = populationService(json(200, { population: 1 }))
    process.env.POPULATION_URL = await service.start()
    await service.stop()
    const created = await create(body(at))
    expect(created.status).toBe(201)
    expect(created.body.doc.populationStatus).toEqual({
      ok: false,
      message:
        'Saved neighbourhood, but failed to save population. Population service unreachable.',
    })
    expect(await count({ id: { equals: created.body.doc.id } })).toBe(1)
  })

  it("asks nothing without coordinates; without POPULATION_URL the site's own census answers", async () => {
    const service = populationService(json(200, { population: 1 }))
    process.env.POPULATION_URL = await service.start()
    const noPoint = await create(body())
    await service.stop()
    expect(noPoint.status).toBe(201)
    expect(service.requests).toHaveLength(0)
    expect(noPoint.body.doc).not.toHaveProperty('populationStatus')

    delete process.env.POPULATION_URL
    const embedded = await create(body(at))
    expect(embedded.status).toBe(201)
    expect(embedded.body.doc.populationStatus).toEqual({ ok: true, message: 'Population saved.' })
    expect(await stored(embedded.body.doc.id)).toMatchObject({
      populationYear: 2021,
      populationSource: 'ONS Census 2021 (LSOA, area-weighted)',
    })
  })

  it("reads an outside service's no-data answer (quality 0) as no data, not an error", async () => {
    const service = populationService(json(200, { population: null, quality: 0 }))
    process.env.POPULATION_URL = await service.start()
    const created = await create(body(at))
    await service.stop()
    expect(created.body.doc.populationStatus).toEqual({
      ok: true,
      message: 'No population data for this place.',
    })
    expect((await stored(created.body.doc.id)).populationEstimate ?? null).toBeNull()
  })

  it('is skipped when the caller sets context.disablePopulation (the seed does)', async () => {
    const service = populationService(json(200, { population: 1 }))
    process.env.POPULATION_URL = await service.start()
    const doc = await site.payload.create({
      collection: 'neighbourhoods',
      data: { ...body(at), vibes: ['Calm'] },
      context: { disablePopulation: true },
    })
    await service.stop()
    expect(service.requests).toHaveLength(0)
    expect(doc).not.toHaveProperty('populationStatus')
  })
})
