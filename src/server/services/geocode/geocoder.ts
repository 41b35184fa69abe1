import { env } from '@/server/config/env'
import { TtlCache } from './cache'
import { mapReverse, mapSearch, type Place, type ReversePlace } from './nominatim'
import { Spacing } from './spacing'

/** The upstream did not answer in time, failed, or said something we cannot read: 502. */
export class UpstreamFailure extends Error {}

export interface GeocoderConfig {
  url: string
  reverseUrl: string
  userAgent: string
  timeoutMs: number
  /** Nominatim's policy: at most one request per second. */
  intervalMs?: number
  /** Callers allowed to wait in line for the upstream before new ones get 429. */
  maxWaiting?: number
  cacheEntries?: number
  cacheTtlMs?: number
}

/** Place names in British English, like the rest of the product. */
const ACCEPT_LANGUAGE = 'en-GB,en;q=0.8'
const SEARCH_LIMIT = 5

/**
 * Server-side client of a Nominatim-compatible geocoder: answers are cached (LRU, a day),
 * identical questions in flight share one upstream request, and upstream requests start at
 * least a second apart with a short queue in front.
 */
export class Geocoder {
  private readonly spacing: Spacing
  private readonly cache: TtlCache<unknown>
  private readonly inFlight = new Map<string, Promise<unknown>>()
  /** Upstream requests made (for tests and logs). */
  upstreamRequests = 0

  constructor(private readonly config: GeocoderConfig) {
    this.spacing = new Spacing(config.intervalMs ?? 1000, config.maxWaiting ?? 5)
    this.cache = new TtlCache(config.cacheEntries ?? 500, config.cacheTtlMs ?? 24 * 60 * 60 * 1000)
  }

  search(query: string): Promise<Place[]> {
    const q = query.trim().replace(/\s+/g, ' ')
    const params = new URLSearchParams({ q, format: 'jsonv2', limit: String(SEARCH_LIMIT) })
    return this.cached(
      `search:${q.toLowerCase()}`,
      `${this.config.url}/search?${params}`,
      mapSearch,
    )
  }

  reverse(lat: number, lon: number): Promise<ReversePlace> {
    // Five decimals are about a metre: clicks that close share an answer.
    const [la, lo] = [lat.toFixed(5), lon.toFixed(5)]
    const params = new URLSearchParams({
      lat: la,
      lon: lo,
      format: 'jsonv2',
      addressdetails: '1',
      zoom: '18',
    })
    return this.cached(
      `reverse:${la},${lo}`,
      `${this.config.reverseUrl}/reverse?${params}`,
      mapReverse,
    )
  }

  private cached<T>(key: string, url: string, map: (body: unknown) => T | undefined): Promise<T> {
    const hit = this.cache.get(key)
    if (hit !== undefined) return Promise.resolve(hit as T)
    const pending = this.inFlight.get(key)
    if (pending) return pending as Promise<T>
    const request = this.spacing
      .run(() => this.fetchJson(url))
      .then((body) => {
        const value = map(body)
        if (value === undefined) throw new UpstreamFailure(`unreadable answer from ${url}`)
        this.cache.set(key, value)
        return value
      })
      .finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, request)
    return request
  }

  private async fetchJson(url: string): Promise<unknown> {
    this.upstreamRequests += 1
    let response: Response
    try {
      response = await fetch(url, {
        headers: {
          'user-agent': this.config.userAgent,
          'accept-language': ACCEPT_LANGUAGE,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(this.config.timeoutMs),
      })
    } catch (error) {
      throw new UpstreamFailure(`no answer from ${url}: ${String(error)}`)
    }
    if (!response.ok) throw new UpstreamFailure(`${url} answered ${response.status}`)
    try {
      return await response.json()
    } catch {
      throw new UpstreamFailure(`${url} answered with something other than JSON`)
    }
  }
}

let shared: { key: string; geocoder: Geocoder } | undefined

/** The process's one geocoder (one queue, one cache), made from the environment when first used. */
export function geocoder(): Geocoder {
  const config = env.geocoder
  const key = JSON.stringify(config)
  // A changed environment (tests) gets a fresh client; in production it never changes.
  if (shared?.key !== key) shared = { key, geocoder: new Geocoder(config) }
  return shared.geocoder
}
