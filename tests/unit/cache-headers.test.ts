import fs from 'node:fs'
import { ServerResponse, type IncomingMessage } from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { env } from '@/server/config/env'
import {
  ASSET_CACHE_CONTROL,
  pageCacheControl,
  pageCdnCacheControl,
} from '@/server/http/cacheHeaders'
import { StaticSite } from '@/server/site/staticSite'

const CDN_SETTINGS = [
  'CDN_PURGE_URL',
  'CDN_PURGE_TOKEN',
  'CDN_PURGE_DELAY_MS',
  'CDN_PAGE_MAX_AGE',
  'CDN_PAGE_SWR',
]
const saved = { ...process.env }
beforeEach(() => {
  for (const name of CDN_SETTINGS) delete process.env[name]
})
afterEach(() => {
  process.env = { ...saved }
})

const PURGE_URL = 'https://api.cloudflare.com/client/v4/zones/z/purge_cache'

describe('cache headers', () => {
  it('keep browsers exact, and add nothing for a CDN when none is configured', () => {
    expect(pageCacheControl()).toBe('public, max-age=0, must-revalidate')
    expect(ASSET_CACHE_CONTROL).toBe('public, max-age=31536000, immutable')
    expect(pageCdnCacheControl()).toBeUndefined()
    expect(env.cdn).toBeUndefined()
  })

  it('let a configured CDN keep pages a day, stale a minute more, browsers unchanged', () => {
    process.env.CDN_PURGE_URL = PURGE_URL
    expect(pageCacheControl()).toBe('public, max-age=0, must-revalidate')
    expect(pageCdnCacheControl()).toBe('max-age=86400, stale-while-revalidate=60')
    process.env.CDN_PAGE_MAX_AGE = '3600'
    process.env.CDN_PAGE_SWR = '0'
    expect(pageCdnCacheControl()).toBe('max-age=3600, stale-while-revalidate=0')
  })

  it('read the CDN settings, with defaults for numbers that are not whole and not negative', () => {
    process.env.CDN_PURGE_URL = PURGE_URL
    expect(env.cdn).toEqual({
      purgeUrl: PURGE_URL,
      token: undefined,
      delayMs: 2000,
      pageMaxAge: 86_400,
      pageSwr: 60,
    })
    process.env.CDN_PURGE_TOKEN = 'cf-token'
    process.env.CDN_PURGE_DELAY_MS = '500'
    process.env.CDN_PAGE_MAX_AGE = '-1'
    process.env.CDN_PAGE_SWR = '1.5'
    expect(env.cdn).toMatchObject({
      token: 'cf-token',
      delayMs: 500,
      pageMaxAge: 86_400,
      pageSwr: 60,
    })
    process.env.CDN_PURGE_DELAY_MS = 'soon'
    expect(env.cdn?.delayMs).toBe(2000)
  })

  it('are what static pages and assets are served with', () => {
    const client = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-cache-headers-'))
    try {
      fs.mkdirSync(path.join(client, '_astro'))
      fs.writeFileSync(path.join(client, 'index.html'), 'home')
      fs.writeFileSync(path.join(client, '_astro', 'island.abc123.js'), 'export {}')
      const headersOf = (site: StaticSite, url: string) => {
        let sent: string[] = []
        // A response that keeps the headers it is given (Object.create: no socket needed).
        const res: ServerResponse = Object.assign(Object.create(ServerResponse.prototype), {
          writeHead: (_status: number, headers: string[]) => (sent = headers),
          end: () => undefined,
        })
        const req = { method: 'GET', headers: {} }
        site.serve(req as IncomingMessage, res, url)
        const named = new Map<string, string>()
        for (let i = 0; i < sent.length; i += 2) named.set(sent[i]!, sent[i + 1]!)
        return named
      }

      const plain = new StaticSite(client)
      expect(headersOf(plain, '/').get('cache-control')).toBe(pageCacheControl())
      expect(headersOf(plain, '/').has('cdn-cache-control')).toBe(false)

      process.env.CDN_PURGE_URL = PURGE_URL
      const behindCdn = new StaticSite(client)
      const page = headersOf(behindCdn, '/')
      expect(page.get('cache-control')).toBe('public, max-age=0, must-revalidate')
      expect(page.get('cdn-cache-control')).toBe('max-age=86400, stale-while-revalidate=60')
      const asset = headersOf(behindCdn, '/_astro/island.abc123.js')
      expect(asset.get('cache-control')).toBe(ASSET_CACHE_CONTROL)
      expect(asset.has('cdn-cache-control')).toBe(false)
    } finally {
      fs.rmSync(client, { recursive: true, force: true })
    }
  })
})
