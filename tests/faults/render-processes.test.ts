import { expect, it } from 'vitest'

import { member } from './harness'
import { faultSiteForFile } from '@tests/support/faultSite'

/**
 * A full write of every page through render processes (src/server/site/pageRenderer.ts), which a
 * large site uses (500 pages or more) and the test sites are too small for: RENDER_PROCESSES_FROM
 * lowers the threshold. The site is started once to write content, then again under another
 * public address, which makes it write every page again (what a full build does after astro).
 */
const fault = faultSiteForFile('render')

it('pages written by a render process show the content and the public address', async () => {
  let site = await fault.start()
  const who = await member(site.url)
  const review = await fetch(`${site.url}/api/reviews/new`, {
    method: 'POST',
    headers: who.headers,
    body: JSON.stringify({
      neighbourhood: who.neighbourhood,
      rating: 4,
      comment: 'Rendered in another process, word for word.',
    }),
  })
  expect(review.status, await review.clone().text()).toBe(201)
  const place = (await (
    await fetch(`${site.url}/api/neighbourhoods/${who.neighbourhood}`)
  ).json()) as {
    slug: string
    name: string
  }
  const firstAddress = site.url
  await site.stop()

  site = await fault.start({ RENDER_PROCESSES: '1', RENDER_PROCESSES_FROM: '1' })
  const written = site.output.find((line) => /pages prerendered in .* in \d+ process/.test(line))
  expect(written).toMatch(/in 2 processes/)

  const page = await fetch(`${site.url}/neighbourhood/${place.slug}`)
  const html = await page.text()
  expect(page.status).toBe(200)
  expect(page.headers.get('x-belong-render')).toBe('static')
  expect(html).toContain(place.name)
  expect(html).toContain('Rendered in another process, word for word.')
  expect(html).toContain(`<link rel="canonical" href="${site.url}/neighbourhood/${place.slug}"`)
  expect(html).not.toContain(firstAddress)
  // The home page was written there too.
  const home = await fetch(`${site.url}/`)
  const homeHtml = await home.text()
  expect(home.headers.get('x-belong-render')).toBe('static')
  expect(homeHtml).toContain(`/neighbourhood/${place.slug}`)
  expect(homeHtml).not.toContain(firstAddress)
})
