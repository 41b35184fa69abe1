import fs from 'node:fs'
import path from 'node:path'

import { expect, type APIRequestContext } from '@playwright/test'

export const DEMO_PASSWORD = 'belong-demo'
/** Password of the members each test signs up for itself. */
export const FRESH_PASSWORD = 'fresh-member-password'

/**
 * Signs up and signs in a fresh member on `request` (a page's request shares its cookies), so
 * tests that write leave the seeded people as they were. Without a name: registration unfinished.
 */
export async function freshUser(request: APIRequestContext, prefix: string, withName = true) {
  const userName = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `${userName}@e2e.test`
  const password = FRESH_PASSWORD
  const created = await request.post('/api/users', {
    data: withName ? { email, password, userName } : { email, password },
  })
  expect(created.status(), await created.text()).toBe(201)
  const login = await request.post('/api/users/login', { data: { email, password } })
  expect(login.status()).toBe(200)
  const { user } = (await login.json()) as { user: { id: number } }
  return { id: user.id, userName, email }
}

/** A second client writing through the REST API, as another person's browser would. */
export async function signedInApi(request: APIRequestContext, userName: string) {
  const login = await request.post('/api/users/login', {
    data: { email: `${userName}@belong.local`, password: DEMO_PASSWORD },
  })
  if (!login.ok()) throw new Error(`login as ${userName} failed: ${login.status()}`)
  const { user } = (await login.json()) as { user: { id: number } }
  return { request, userId: user.id }
}

export async function neighbourhoodBySlug(request: APIRequestContext, slug: string) {
  const res = await request.get(`/api/neighbourhoods?where[slug][equals]=${slug}&depth=0`)
  const { docs } = (await res.json()) as {
    docs: { id: number; createdBy: number; tagline: string }[]
  }
  return docs[0]!
}

/**
 * The newest message to `to` in the e2e server's outbox (DATA_DIR/outbox), decoded; shared by the
 * tests that follow a mailed link (reset, confirm, link an account).
 */
export async function lastMailTo(to: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox')
  let found: string | undefined
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : []
      found = files
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .filter((m) => m.includes(`To: ${to}`))
        .pop()
      return Boolean(found)
    })
    .toBe(true)
  return found!.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
}
