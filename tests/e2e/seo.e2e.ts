import { expect, type APIRequestContext } from '@playwright/test'

import { test } from './answers'

/**
 * SEO: sitemap.xml and robots.txt read live from the database, absolute links from the site's
 * public origin (PUBLIC_URL, else http://localhost:PORT; never the request's Host: these tests ask
 * on 127.0.0.1), canonical, OpenGraph, Twitter cards and a neighbourhood's JSON-LD.
 */
const origin = () => `http://localhost:${process.env.E2E_PORT}`

async function firstPublicStory(request: APIRequestContext) {
  const res = await request.get('/api/stories?where[isPublic][equals]=true&limit=1&depth=1')
  const { docs } = (await res.json()) as { docs: { id: number; neighbourhood: { slug: string } }[] }
  return docs[0]!
}

async function neighbourhoodBySlug(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/neighbourhoods?where[slug][equals]=${slug}&depth=0`)
  const { docs } = (await res.json()) as { docs: { id: number; name: string }[] }
  return docs[0]!
}

/** The real figures of a neighbourhood's visible reviews, through the public API. */
async function reviewFigures(request: APIRequestContext, id: number) {
  const res = await request.get(
    `/api/reviews?where[neighbourhood][equals]=${id}&limit=1000&depth=0&select[rating]=true`,
  )
  const { docs } = (await res.json()) as { docs: { rating: number }[] }
  const sum = docs.reduce((n, d) => n + d.rating, 0)
  return {
    count: docs.length,
    average: docs.length ? Math.round((sum / docs.length) * 10) / 10 : null,
  }
}

test('sitemap.xml is valid XML listing the lists, a neighbourhood, a story, a market item and a static page', async ({
  page,
  request,
}) => {
  const res = await request.get('/sitemap.xml')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('application/xml')
  const xml = await res.text()
  const story = await firstPublicStory(request)
  const listed = await request.get(
    '/api/market-items?where[status][equals]=available&limit=1&depth=0',
  )
  const item = ((await listed.json()) as { docs: { id: number }[] }).docs[0]!

  await page.goto('/about')
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml')
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      locs: [...doc.getElementsByTagName('loc')].map((l) => l.textContent),
    }
  }, xml)
  expect(parsed.error).toBe(false)
  expect(parsed.root).toBe('urlset')
  expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  expect(parsed.locs).toContain(`${origin()}/`)
  expect(parsed.locs).toContain(`${origin()}/neighbourhoods`)
  expect(parsed.locs).toContain(`${origin()}/about`)
  expect(parsed.locs).toContain(`${origin()}/neighbourhood/shoreditch`)
  expect(parsed.locs).toContain(
    `${origin()}/neighbourhood/${story.neighbourhood.slug}/stories/${story.id}`,
  )
  expect(parsed.locs).toContain(`${origin()}/market/${item.id}`)
  // Absolute on the public origin, not on the Host this request was sent to (127.0.0.1).
  expect(parsed.locs.every((loc) => loc!.startsWith(`${origin()}/`))).toBe(true)
})

test('robots.txt names the sitemap on the public origin', async ({ request }) => {
  const res = await request.get('/robots.txt')
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toContain('text/plain')
  const text = await res.text()
  expect(text).toContain('User-agent: *')
  expect(text).toContain(`Sitemap: ${origin()}/sitemap.xml`)
  expect(text).toContain('Disallow: /admin')
})

test('a neighbourhood page has its canonical, OpenGraph and Twitter tags and a Place with its real rating', async ({
  page,
  request,
}) => {
  const slug = 'shoreditch'
  const n = await neighbourhoodBySlug(request, slug)
  await page.goto(`/neighbourhood/${slug}`)
  const head = page.locator('head')
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${origin()}/neighbourhood/${slug}`,
  )
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', n.name)
  await expect(head.locator('meta[property="og:url"]')).toHaveAttribute(
    'content',
    `${origin()}/neighbourhood/${slug}`,
  )
  const ogImage = await head.locator('meta[property="og:image"]').getAttribute('content')
  expect(ogImage).toMatch(new RegExp(`^${origin()}/api/media/file/.+\\.webp$`))
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
    'content',
    'summary_large_image',
  )
  await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute('content', ogImage!)
  // The hero (the page's LCP) is preloaded with its WebP widths (the demo images are narrower
  // than the 1280 px size, which Payload then does not make).
  const preload = head.locator('link[rel="preload"][as="image"]')
  await expect(preload).toHaveAttribute('imagesrcset', /-320x180\.webp 320w, .+-640x360\.webp 640w/)

  // The rating is the one of the visible reviews (another test may add one: the page follows).
  const figures = await reviewFigures(request, n.id)
  expect(figures.count).toBeGreaterThan(0)
  await expect
    .poll(async () => {
      const html = await (await request.get(`/neighbourhood/${slug}`)).text()
      const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1]
      const ld = JSON.parse(json ?? '{}') as {
        '@type'?: string
        name?: string
        aggregateRating?: { ratingValue: number; reviewCount: number }
      }
      return { type: ld['@type'], name: ld.name, rating: ld.aggregateRating }
    })
    .toEqual({
      type: 'Place',
      name: n.name,
      rating: expect.objectContaining({
        ratingValue: figures.average,
        reviewCount: figures.count,
      }) as unknown,
    })
})

test('a story page is canonical at its own address and an article for link previews', async ({
  page,
  request,
}) => {
  const story = await firstPublicStory(request)
  const href = `/neighbourhood/${story.neighbourhood.slug}/stories/${story.id}`
  // The /story/{id} address shows the same story; its canonical names /stories/{id}.
  await page.goto(`/neighbourhood/${story.neighbourhood.slug}/story/${story.id}`)
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${origin()}${href}`,
  )
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1)
  await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'article')
})

test('card images are responsive WebP, sized and lazy', async ({ page }) => {
  await page.goto('/')
  const img = page.locator('#explore .card img').first()
  await expect(img).toHaveAttribute('srcset', /-320x180\.webp 320w, .+-640x360\.webp 640w/)
  await expect(img).toHaveAttribute('sizes', /.+/)
  await expect(img).toHaveAttribute('width', '640')
  await expect(img).toHaveAttribute('height', '360')
  await expect(img).toHaveAttribute('loading', 'lazy')
  await expect(img).toHaveAttribute('decoding', 'async')
})

test('the sub-page links and share buttons show inline SVG icons, not emoji', async ({ page }) => {
  await page.goto('/neighbourhood/shoreditch')
  const stories = page.getByRole('navigation', { name: /More about/ }).getByRole('link', {
    name: 'Stories',
  })
  await expect(stories.locator('svg.icon')).toHaveCount(1)
  await expect(stories).toHaveText('Stories')
  const copy = page.getByRole('button', { name: 'Copy link' })
  await expect(copy.locator('svg.icon')).toHaveCount(1)
})
