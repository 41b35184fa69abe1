import { describe, expect, it } from 'vitest'

import { requestIdOf } from '@/server/observability/requestLog'
import { RouteTemplates } from '@/server/observability/routes'

/** Route templates are metric labels: bounded by the code's routes, never by what clients send. */
const routes = new RouteTemplates({
  collections: [
    { slug: 'reviews', endpoints: [{ path: '/:id/summary' }] },
    { slug: 'users', endpoints: [] },
  ],
  globals: [{ slug: 'settings' }],
  endpoints: [{ path: '/geocode/search' }],
})
const of = (method: string, url: string, rendered?: string) => routes.of(method, url, rendered)

describe('route templates', () => {
  it('names pages by their file route, most specific first', () => {
    expect(of('GET', '/neighbourhood/shoreditch', 'static')).toEqual({
      kind: 'static',
      route: '/neighbourhood/:slug',
    })
    expect(of('GET', '/neighbourhood/new?x=1', 'on-demand').route).toBe('/neighbourhood/new')
    expect(of('GET', '/neighbourhood/camden/stories/12/').route).toBe(
      '/neighbourhood/:slug/stories/*',
    )
    expect(of('GET', '/sitemaps/3.xml').route).toBe('/sitemaps/:part.xml')
    expect(of('GET', '/about-us').route).toBe('/:page')
    expect(of('GET', '/').route).toBe('/')
    expect(of('POST', '/profile/settings')).toEqual({ kind: 'form', route: '/profile/settings' })
  })

  it('names files by folder or a known extension, and the rest by a catch-all', () => {
    expect(of('GET', '/_astro/client.AbC123.js', 'static').route).toBe('/_astro/*')
    expect(of('GET', '/favicon.svg', 'static').route).toBe('/*.svg')
    expect(of('GET', '/x/y/secret.zzzzz').route).toBe('/*.*')
    expect(of('GET', '/some/deep/missing/path').route).toBe('/*')
  })

  it('keeps API words it knows and replaces ids, slugs and e-mails', () => {
    expect(of('GET', '/api/reviews?where[author][equals]=9')).toEqual({
      kind: 'api',
      route: '/api/reviews',
    })
    expect(of('GET', '/api/reviews/42').route).toBe('/api/reviews/:id')
    expect(of('GET', '/api/reviews/42/summary').route).toBe('/api/reviews/:id/summary')
    expect(of('POST', '/api/users/login').route).toBe('/api/users/login')
    expect(of('GET', '/api/users/amara@belong.local').route).toBe('/api/users/:id')
    expect(of('GET', '/api/globals/settings').route).toBe('/api/globals/settings')
    expect(of('GET', '/api/geocode/search?q=soho').route).toBe('/api/geocode/search')
    expect(of('GET', '/api/nothing-here/1/2/3/4/5').route).toBe('/api/:id/:id/:id/:id/*')
  })

  it('names the admin, realtime and probes apart', () => {
    expect(of('GET', '/admin/collections/users/3')).toEqual({ kind: 'admin', route: '/admin/*' })
    expect(of('GET', '/_next/static/chunk.js').kind).toBe('admin')
    expect(of('POST', '/apps/belong/events')).toEqual({ kind: 'realtime', route: '/apps/*' })
    expect(of('GET', '/readyz')).toEqual({ kind: 'internal', route: '/readyz' })
  })
})

describe('request ids', () => {
  it('keeps a well-formed incoming id and replaces anything else', () => {
    expect(requestIdOf('abc-123_X.y')).toBe('abc-123_X.y')
    for (const bad of ['a'.repeat(65), 'has space', 'new\nline', 'é', '', undefined, ['a', 'b']])
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/)
  })
})
