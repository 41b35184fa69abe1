import { describe, expect, it } from 'vitest'

import type { Media } from '@/payload-types'
import { responsiveImage } from '@/views/media'
import {
  absoluteUrl,
  canonicalPath,
  jsonLdText,
  neighbourhoodJsonLd,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  sitemapParts,
  sitemapXml,
} from '@/views/seo'

const ORIGIN = 'https://belong.example'

describe('sitemap', () => {
  it('lists absolute, escaped URLs with their last change', () => {
    const xml = sitemapXml(ORIGIN, [
      { path: '/' },
      { path: '/neighbourhood/shoreditch', lastModified: '2026-01-02T03:04:05.000Z' },
      { path: '/stories?tag=a&b' },
    ])
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/)
    expect(xml).toContain('<url><loc>https://belong.example/</loc></url>')
    expect(xml).toContain(
      '<url><loc>https://belong.example/neighbourhood/shoreditch</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>',
    )
    expect(xml).toContain('<loc>https://belong.example/stories?tag=a&amp;b</loc>')
    expect(xml.match(/<url>/g)).toHaveLength(3)
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
  })

  it('splits past 50,000 URLs into an index of parts', () => {
    expect(sitemapParts(0)).toBe(1)
    expect(sitemapParts(SITEMAP_MAX_URLS)).toBe(1)
    expect(sitemapParts(SITEMAP_MAX_URLS + 1)).toBe(2)
    const index = sitemapIndexXml(ORIGIN, 2)
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(index).toContain('<sitemap><loc>https://belong.example/sitemaps/1.xml</loc></sitemap>')
    expect(index).toContain('<sitemap><loc>https://belong.example/sitemaps/2.xml</loc></sitemap>')
  })
})

describe('robots.txt', () => {
  it('names the sitemap on the public origin and keeps crawlers out of accounts and the API', () => {
    const text = robotsTxt(ORIGIN)
    expect(text).toContain('Sitemap: https://belong.example/sitemap.xml')
    expect(text).toContain('Disallow: /api/')
    expect(text).toContain('Disallow: /admin')
    // Link previews fetch images from the API's file path.
    expect(text).toContain('Allow: /api/media/file/')
  })
})

describe('canonical URLs', () => {
  it('drop the query and a trailing slash, keep the home page', () => {
    expect(canonicalPath('/')).toBe('/')
    expect(canonicalPath('/neighbourhoods/')).toBe('/neighbourhoods')
    expect(absoluteUrl(ORIGIN, '/neighbourhood/brixton')).toBe(
      'https://belong.example/neighbourhood/brixton',
    )
    expect(absoluteUrl('http://localhost:3000/', 'https://cdn.example/a.webp')).toBe(
      'https://cdn.example/a.webp',
    )
  })
})

describe('neighbourhood JSON-LD', () => {
  const base = {
    name: 'Brixton',
    description: 'Markets and music',
    url: `${ORIGIN}/neighbourhood/brixton`,
    image: `${ORIGIN}/api/media/file/brixton-1280x720.webp`,
    latitude: 51.46,
    longitude: -0.11,
  }

  it('is a Place with an AggregateRating from the real count and average', () => {
    const ld = neighbourhoodJsonLd({ ...base, reviewCount: 3, averageRating: 4.3333 })
    expect(ld['@type']).toBe('Place')
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    })
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 51.46, longitude: -0.11 })
  })

  it('has no AggregateRating without reviews', () => {
    const ld = JSON.parse(
      jsonLdText(neighbourhoodJsonLd({ ...base, reviewCount: 0, averageRating: null })),
    ) as Record<string, unknown>
    expect(ld).not.toHaveProperty('aggregateRating')
    expect(ld.name).toBe('Brixton')
  })

  it('cannot close its script tag', () => {
    const text = jsonLdText({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('</script>')
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})

describe('responsive images', () => {
  const media = {
    id: 1,
    url: '/api/media/file/a.webp',
    width: 2000,
    height: 1125,
    sizes: {
      thumbnail: { url: '/api/media/file/a-320x180.webp', width: 320, height: 180 },
      card: { url: '/api/media/file/a-640x360.webp', width: 640, height: 360 },
      hero: { url: '/api/media/file/a-1280x720.webp', width: 1280, height: 720 },
    },
  } as Media

  it('offers every WebP width with the asked size as src', () => {
    expect(responsiveImage(media, 'card')).toEqual({
      src: '/api/media/file/a-640x360.webp',
      srcset:
        '/api/media/file/a-320x180.webp 320w, /api/media/file/a-640x360.webp 640w, /api/media/file/a-1280x720.webp 1280w',
      width: 640,
      height: 360,
    })
  })

  it('falls back to the original without sizes, and to nothing without an upload', () => {
    expect(responsiveImage({ ...media, sizes: {} } as Media, 'hero')).toMatchObject({
      src: '/api/media/file/a.webp',
      srcset: '',
    })
    expect(responsiveImage(null, 'hero')).toBeNull()
  })
})
