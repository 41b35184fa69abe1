import { expect } from '@playwright/test'

import { test } from './answers'

import { signedInApi } from './helpers'

const PAGES = [
  ['/about', 'About Belong', 'community-driven insights about London neighbourhoods'],
  ['/contact', 'Contact us', 'hello@belong.local'],
  ['/terms', 'Terms of use', 'write honestly'],
  ['/privacy', 'Privacy policy', 'never shown to other members'],
  ['/facebook-data-deletion', 'Data deletion instructions', 'Profile → Settings'],
] as const

for (const [path, title, text] of PAGES) {
  test(`${path} is prerendered from the admin's content and ships no islands`, async ({
    page,
    request,
  }) => {
    const res = await request.get(path)
    expect(res.status()).toBe(200)
    expect(res.headers()['x-belong-render']).toBe('static')
    const html = await res.text()
    // Only the shell's two small inline scripts (the theme before paint, the service worker).
    expect(html.match(/<script\b[^>]*>/gi)).toEqual(['<script>', '<script>'])
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.locator('article')).toContainText(text)
  })
}

test('an editor’s change to a static page reaches the prerendered page', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const api = await playwright.request.newContext({ baseURL })
  await signedInApi(api, 'tom')
  const found = await api.get('/api/pages?where[slug][equals]=contact&depth=0')
  const { docs } = (await found.json()) as { docs: { id: number }[] }
  const title = `Get in touch ${Date.now()}`
  const patched = await api.patch(`/api/pages/${docs[0]!.id}`, { data: { title } })
  expect(patched.status()).toBe(200)
  await expect
    .poll(async () => (await (await api.get('/contact')).text()).includes(title), {
      timeout: 60_000,
      intervals: [500],
    })
    .toBe(true)
  const member = await playwright.request.newContext({ baseURL })
  await member.post('/api/users/login', {
    data: { email: 'olly@belong.local', password: 'belong-demo' },
  })
  const refused = await member.patch(`/api/pages/${docs[0]!.id}`, { data: { title: 'Hacked' } })
  expect(refused.status()).toBe(403)
  await api.dispose()
  await member.dispose()
})
