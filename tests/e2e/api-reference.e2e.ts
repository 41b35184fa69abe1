import { expect } from '@playwright/test'

import { test } from './answers'

/** The API's description and its reference, as a client developer reads them. */
test('/api/openapi.json describes the API and /api/docs shows it from our own origin', async ({
  page,
  request,
  baseURL,
}) => {
  const described = await request.get('/api/openapi.json')
  expect(described.status()).toBe(200)
  expect(described.headers()['content-type']).toContain('application/json')
  const doc = (await described.json()) as { openapi: string; paths: Record<string, object> }
  expect(doc.openapi).toBe('3.1.0')
  expect(Object.keys(doc.paths)).toContain('/api/follows/toggle')

  const elsewhere: string[] = []
  const refused: string[] = []
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) elsewhere.push(r.url())
  })
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text())
  })
  const answer = await page.goto('/api/docs')
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'")
  await expect(page.getByRole('heading', { name: 'Belong API', level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('button', { name: 'Open Group - follows' }).click()
  await expect(
    page.getByRole('link', { name: /Follow a neighbourhood, or stop following it/ }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ask AI' })).toHaveCount(0)
  expect(elsewhere).toEqual([])
  expect(refused).toEqual([])
})
