import crypto from 'node:crypto'

import { handleEndpoints } from 'payload'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { pgPool } from '@/server/database/db'
import { makeUser, testSiteForFile } from './harness'
import { formOpenedEarlier } from '@tests/support/signUpForm'

/**
 * Mails to one address are limited per address (not only per IP, so no inbox can be flooded from
 * many addresses), and a sign-in costs the same password hash whether or not the e-mail has an
 * account (its timing tells nothing).
 */
const { site } = testSiteForFile({})

let counter = 0
const fresh = (name: string) => `${name}-${Date.now().toString(36)}-${++counter}@example.test`

async function call(method: string, url: string, body?: unknown, cookie?: string) {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (cookie) headers.set('cookie', cookie)
  const request = new Request(new URL(url, 'http://127.0.0.1:4321'), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const response = await handleEndpoints({ config: site.payload.config, request })
  const json = (await response.json()) as { errors?: { message: string }[] }
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: json,
    message: json.errors?.[0]?.message,
  }
}

const forgot = (email: string) => call('POST', '/api/users/forgot-password', { email })
const signUp = (email: string) =>
  call('POST', '/api/users', {
    email,
    password: 'correct horse',
    userName: `u${Date.now().toString(36)}${++counter}`,
    ...formOpenedEarlier(site.payload),
  })

function expectLimited(answer: Awaited<ReturnType<typeof call>>) {
  expect(answer.status).toBe(429)
  const seconds = Number(answer.retryAfter)
  expect(seconds).toBeGreaterThan(3000)
  expect(seconds).toBeLessThanOrEqual(3600)
  expect(answer.message).toBe(`Too many requests. Try again in ${seconds} seconds.`)
}

describe('e-mails per address (RATE_LIMITS.mailPerAddress: 3 an hour)', () => {
  it('limits reset e-mails to one address alike, whether it has an account or not', async () => {
    const known = (await makeUser(site, `known${Date.now().toString(36)}`)).email
    const unknown = fresh('nobody')
    const answers = { known: [] as unknown[], unknown: [] as unknown[] }
    for (let i = 0; i < 3; i++) {
      for (const who of ['known', 'unknown'] as const) {
        const answer = await forgot(who === 'known' ? known : unknown)
        expect(answer.status).toBe(200)
        answers[who].push(answer.body)
      }
    }
    expect(answers.known).toEqual(answers.unknown)
    const [k, u] = [await forgot(known), await forgot(unknown)]
    expectLimited(k)
    expectLimited(u)
    expect(k.message!.replace(/\d+/, 'N')).toBe(u.message!.replace(/\d+/, 'N'))
    // The address is what counts: spelled in capitals, with spaces, it is the same inbox.
    expectLimited(await forgot(`  ${known.toUpperCase()} `))
    // Another address still gets its mail.
    expect((await forgot(fresh('other'))).status).toBe(200)
  })

  it('sign-up and address-change confirmations share the budget of the address', async () => {
    const target = fresh('target')
    expect((await signUp(target)).status).toBe(201) // confirmation 1
    expect((await forgot(target)).status).toBe(200) // 2
    // Someone else changes their own address to the target's, twice: one more mail, then 429.
    const other = await makeUser(site, `mover${Date.now().toString(36)}`)
    const victim = fresh('victim')
    for (let i = 0; i < 2; i++) expect((await forgot(victim)).status).toBe(200)
    const moved = await call('PATCH', `/api/users/${other.id}`, { email: victim }, other.cookie)
    expect(moved.status).toBe(200) // the victim's 3rd mail
    const again = await call('PATCH', `/api/users/${other.id}`, { email: target }, other.cookie)
    expect(again.status).toBe(400) // the address is taken, but its mail was counted: 3
    // The target's budget is spent: a new sign-up (taken address) and a fresh one answer alike.
    expectLimited(await signUp(target))
    const unused = fresh('unused')
    for (let i = 0; i < 3; i++) expect((await forgot(unused)).status).toBe(200)
    expectLimited(await signUp(unused))
  })
})

describe('sign-in timing (no account enumeration by time)', () => {
  afterEach(() => vi.restoreAllMocks())

  /** The (iterations, keyLength, digest) of every password hash a sign-in computed. */
  async function hashesOf(path: string, email: string, password: string) {
    const pbkdf2 = vi.spyOn(crypto, 'pbkdf2')
    const answer = await call('POST', path, { email, password })
    const hashes = pbkdf2.mock.calls.map((c) => c.slice(2, 5))
    pbkdf2.mockRestore()
    return { status: answer.status, hashes }
  }

  it('hashes the password once, with the real parameters, for any e-mail', async () => {
    const u = await makeUser(site, `timing${Date.now().toString(36)}`)
    for (const path of ['/api/users/login', '/api/accounts/login']) {
      const wrong = await hashesOf(path, u.email, 'not the password')
      const unknown = await hashesOf(path, fresh('ghost'), 'not the password')
      const right = await hashesOf(path, u.email, u.password)
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      expect(right.status).toBe(200)
      expect(wrong.hashes).toHaveLength(1)
      expect(unknown.hashes).toEqual(wrong.hashes)
      expect(right.hashes).toEqual(wrong.hashes)
    }
  })

  it('a locked account costs a hash too', async () => {
    const u = await makeUser(site, `locked${Date.now().toString(36)}`)
    for (let i = 0; i < 10; i++)
      expect(
        (await call('POST', '/api/users/login', { email: u.email, password: `g${i}` })).status,
      ).toBe(401)
    const locked = await hashesOf('/api/users/login', u.email, u.password)
    const wrong = await hashesOf(
      '/api/users/login',
      (await makeUser(site, `w${Date.now().toString(36)}`)).email,
      'nope',
    )
    expect(locked.status).toBe(401)
    expect(locked.hashes).toHaveLength(1)
    expect(locked.hashes).toEqual(wrong.hashes)
  })
})

describe('a sign-in and the database connections', () => {
  it('signs in with one connection left in the pool: its transaction asks nothing outside it', async () => {
    const u = await makeUser(site, `lastconn${Date.now().toString(36)}`)
    // Many sign-ins at once hold every connection but one; each must finish on its own (one that
    // waited for a second connection while holding its first froze the site under ten at once).
    const pool = pgPool(site.payload)
    const held = await Promise.all(
      Array.from({ length: (pool.options.max ?? 10) - pool.totalCount + pool.idleCount - 1 }, () =>
        pool.connect(),
      ),
    )
    try {
      const answer = await call('POST', '/api/users/login', {
        email: u.email,
        password: u.password,
      })
      expect(answer.status).toBe(200)
    } finally {
      for (const client of held) client.release()
    }
  })
})
