/**
 * A stand-in for Nominatim (GET /search, GET /reverse, jsonv2 shapes) and for the population
 * service (POST /sum), on a real local port. Imported by integration tests
 * (`startFakeGeocoder()`), and run by Playwright as its own web server:
 * `FAKE_GEOCODER_PORT=4599 node --import tsx tests/support/fakeGeocoder.ts`.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'

export interface SeenRequest {
  method: string
  path: string
  params: URLSearchParams
  headers: http.IncomingHttpHeaders
  at: number
}

interface KnownPlace {
  name: string
  lat: number
  lon: number
  road: string
}

/** A few London places; any query containing one of the names finds it. */
export const KNOWN_PLACES: KnownPlace[] = [
  { name: 'Shoreditch', lat: 51.5265, lon: -0.0798, road: 'Old Street' },
  { name: 'Hackney Wick', lat: 51.5433, lon: -0.0245, road: 'White Post Lane' },
  { name: 'Peckham', lat: 51.4741, lon: -0.0692, road: 'Rye Lane' },
  { name: 'Mortlake', lat: 51.4681, lon: -0.2672, road: 'Mortlake High Street' },
]

export interface FakeGeocoder {
  url: string
  port: number
  requests: SeenRequest[]
  /** 'ok' answers; 'error' answers 500; 'hang' never answers (for timeouts). */
  mode: 'ok' | 'error' | 'hang'
  close: () => Promise<void>
}

const nearest = (lat: number, lon: number) =>
  KNOWN_PLACES.reduce((best, place) =>
    Math.hypot(place.lat - lat, place.lon - lon) < Math.hypot(best.lat - lat, best.lon - lon)
      ? place
      : best,
  )

function search(q: string) {
  const needle = q.toLowerCase()
  return KNOWN_PLACES.filter((p) => needle.includes(p.name.toLowerCase())).map((p) => ({
    place_id: KNOWN_PLACES.indexOf(p) + 1,
    lat: String(p.lat),
    lon: String(p.lon),
    display_name: `${p.name}, London Borough, London, Greater London, England, United Kingdom`,
    name: p.name,
  }))
}

function reverse(lat: number, lon: number) {
  // Far from London there is nothing (Nominatim's own answer for the sea).
  if (Math.abs(lat - 51.5) > 1 || Math.abs(lon + 0.1) > 1) return { error: 'Unable to geocode' }
  const place = nearest(lat, lon)
  return {
    name: '',
    display_name: `12, ${place.road}, ${place.name}, London, England, United Kingdom`,
    address: {
      house_number: '12',
      road: place.road,
      suburb: place.name,
      city: 'London',
      country: 'United Kingdom',
    },
  }
}

export function startFakeGeocoder(port = 0): Promise<FakeGeocoder> {
  const fake: Omit<FakeGeocoder, 'url' | 'port' | 'close'> = { requests: [], mode: 'ok' }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    fake.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      params: url.searchParams,
      headers: req.headers,
      at: Date.now(),
    })
    if (fake.mode === 'hang') return
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (fake.mode === 'error') return send(500, { error: 'upstream broken' })
    if (req.method === 'POST' && url.pathname === '/sum') {
      req.resume()
      return req.on('end', () =>
        send(200, { population: 12345, year: 2023, source: 'fake', quality: 0.8 }),
      )
    }
    if (url.pathname === '/search') return send(200, search(url.searchParams.get('q') ?? ''))
    if (url.pathname === '/reverse') {
      return send(
        200,
        reverse(Number(url.searchParams.get('lat')), Number(url.searchParams.get('lon'))),
      )
    }
    if (url.pathname === '/healthz') return send(200, { ok: true })
    send(404, { error: 'not found' })
  })
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const actual = (server.address() as AddressInfo).port
      resolve(
        Object.assign(fake, {
          port: actual,
          url: `http://127.0.0.1:${actual}`,
          close: () =>
            new Promise<void>((done) => {
              server.closeAllConnections()
              server.close(() => done())
            }),
        }) as FakeGeocoder,
      )
    })
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fake = await startFakeGeocoder(Number(process.env.FAKE_GEOCODER_PORT ?? 4599))
  console.log(`fake geocoder and population service at ${fake.url}`)
  const stop = () => void fake.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}
