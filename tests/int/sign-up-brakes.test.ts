import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  FORM_TOKEN_FIELD,
  HONEYPOT_FIELD,
  SIGN_UP_MESSAGES,
  SIGN_UP_MIN_SECONDS,
  unconfirmedPostMessage,
} from '@/rules/signUp'
import { errorMessage } from '@/rules/apiErrors'
import { issueSignUpToken } from '@/data/signUpForm'
import { formOpenedEarlier, issuedAt } from '@tests/support/signUpForm'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { testSiteForFile } from './harness'

/**
 * Brakes on throwaway sign-ups, over HTTP through the site's own server (its rate limits
 * included): the field for robots, the form's minimum time, throwaway domains, sign-ups per
 * address, and the posting budget of an account whose e-mail is not confirmed. Each test speaks
 * for its own client address (X-Forwarded-For from a trusted front server), so the per-address
 * limits of one test leave the others alone.
 */
const { site } = testSiteForFile({ env: { TRUST_PROXY: 'true' }, timeout: 120_000 })

let http: HttpSite
beforeAll(async () => {
  http = await serveOverHttp(site.payload)
})
afterAll(() => http?.close())

let address = 0
/** A client address of its own for each test. */
const newAddress = () => `10.0.0.${++address}`

async function call(
  method: string,
  path: string,
  from: string,
  options: { body?: unknown; cookie?: string } = {},
) {
  const response = await fetch(`${http.base}${path}`, {
    method,
    headers: {
      origin: http.base,
      'x-forwarded-for': from,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const body = (await response.json()) as {
    errors?: { message: string; data?: { errors?: { path?: string }[] } }[]
    doc?: { id: number }
  }
  return {
    status: response.status,
    body,
    // As the islands and forms read it: a field's own message first (src/rules/apiErrors.ts).
    message: body.errors ? errorMessage(body, '') : undefined,
    field: body.errors?.[0]?.data?.errors?.[0]?.path,
    retryAfter: Number(response.headers.get('retry-after')),
    cookie: response.headers
      .getSetCookie()
      .find((c) => c.startsWith('payload-token='))
      ?.split(';')[0],
  }
}

let n = 0
const person = () => {
  n++
  return { email: `brake${n}@example.test`, password: 'correct horse', userName: `brake${n}` }
}
const signUp = (from: string, extra: Record<string, unknown> = {}, who = person()) =>
  call('POST', '/api/users', from, {
    body: { ...who, ...formOpenedEarlier(site.payload), ...extra },
  })
const accounts = async (email: string) =>
  (await site.payload.count({ collection: 'users', where: { email: { equals: email } } })).totalDocs

describe('the field for robots', () => {
  it('filled in: refused with a clear message, no account', async () => {
    const who = person()
    const refused = await signUp(newAddress(), { [HONEYPOT_FIELD]: 'http://spam.example' }, who)
    expect([refused.status, refused.message]).toEqual([400, SIGN_UP_MESSAGES.honeypot])
    expect(await accounts(who.email)).toBe(0)
    // Empty, as every person sends it: the account is made.
    expect((await signUp(newAddress(), { [HONEYPOT_FIELD]: '' }, who)).status).toBe(201)
  })
})

describe("the form's minimum time", () => {
  it('sent at once: refused, nothing made; the same form a few seconds on is accepted', async () => {
    const from = newAddress()
    const form = (await (await fetch(`${http.base}/api/users/sign-up-form`)).json()) as Record<
      string,
      string
    >
    const token = form[FORM_TOKEN_FIELD]!
    const who = person()
    const fast = await call('POST', '/api/users', from, {
      body: { ...who, [FORM_TOKEN_FIELD]: token },
    })
    expect([fast.status, fast.message]).toEqual([400, SIGN_UP_MESSAGES.tooFast])
    expect(await accounts(who.email)).toBe(0)
    // As a person reads the message and presses again: the form is old enough by then.
    const ready = issuedAt(token) + SIGN_UP_MIN_SECONDS * 1000
    await expect.poll(() => Date.now(), { timeout: 10_000 }).toBeGreaterThan(ready)
    const again = await call('POST', '/api/users', from, {
      body: { ...who, [FORM_TOKEN_FIELD]: token },
    })
    expect(again.status, JSON.stringify(again.body)).toBe(201)
  })

  it('without the form, with a forged or an expired one: refused as an expired form', async () => {
    const secret = site.payload.secret
    const genuine = issueSignUpToken(secret, Date.now() - 60_000)
    const forged = `${genuine.split('.')[0]}.${'A'.repeat(43)}`
    const otherSecret = issueSignUpToken('not the secret', Date.now() - 60_000)
    const expired = issueSignUpToken(secret, Date.now() - 25 * 3600 * 1000)
    for (const token of [undefined, '', 'x.y', forged, otherSecret, expired, 42]) {
      const who = person()
      const refused = await call('POST', '/api/users', newAddress(), {
        body: { ...who, [FORM_TOKEN_FIELD]: token },
      })
      expect([refused.status, refused.message], String(token)).toEqual([
        400,
        SIGN_UP_MESSAGES.formExpired,
      ])
      expect(await accounts(who.email)).toBe(0)
    }
  })
})

describe('throwaway e-mail domains', () => {
  it('refused beside the e-mail field, subdomains too; a member cannot move to one', async () => {
    for (const email of ['temp@mailinator.com', 'x@MAIL.Mailinator.com', 'y@yopmail.com']) {
      const refused = await signUp(newAddress(), { email })
      expect(refused.status).toBe(400)
      expect(refused.field).toBe('email')
      expect(refused.message).toBe(
        SIGN_UP_MESSAGES.disposable(
          email
            .split('@')[1]!
            .toLowerCase()
            .replace(/^mail\./, ''),
        ),
      )
      expect(await accounts(email)).toBe(0)
    }
    const from = newAddress()
    const who = person()
    const created = await signUp(from, {}, who)
    expect(created.status).toBe(201)
    const login = await call('POST', '/api/users/login', from, {
      body: { email: who.email, password: who.password },
    })
    const moved = await call('PATCH', `/api/users/${created.body.doc!.id}`, from, {
      body: { email: 'me@mailinator.com' },
      cookie: login.cookie,
    })
    expect([moved.status, moved.message]).toEqual([
      400,
      SIGN_UP_MESSAGES.disposable('mailinator.com'),
    ])
    expect(await accounts(who.email)).toBe(1)
  })
})

describe('sign-ups per address (RATE_LIMITS.signUp: 5 an hour)', () => {
  it('the 6th from one address waits, with Retry-After; another address signs up', async () => {
    const from = newAddress()
    for (let i = 1; i <= 5; i++) expect((await signUp(from)).status, `sign-up ${i}`).toBe(201)
    const who = person()
    const limited = await signUp(from, {}, who)
    expect(limited.status).toBe(429)
    expect(limited.retryAfter).toBeGreaterThan(3000)
    expect(limited.message).toBe(`Too many requests. Try again in ${limited.retryAfter} seconds.`)
    expect(await accounts(who.email)).toBe(0)
    expect((await signUp(newAddress(), {}, who)).status).toBe(201)
  })
})

describe('posts of an account whose e-mail is not confirmed (RATE_LIMITS.unconfirmedPost)', () => {
  it('5 an hour, then a message that says to confirm; confirmed, the member posts on', async () => {
    const from = newAddress()
    const who = person()
    const created = await signUp(from, {}, who)
    const { cookie } = await call('POST', '/api/users/login', from, {
      body: { email: who.email, password: who.password },
    })
    const post = (i: number) =>
      call('POST', '/api/discussions/new', from, {
        body: { title: `Question ${i}`, content: 'Where is the nearest library?' },
        cookie,
      })
    for (let i = 1; i <= 5; i++) expect((await post(i)).status, `post ${i}`).toBe(201)
    const limited = await post(6)
    expect(limited.status).toBe(429)
    expect(limited.message).toBe(unconfirmedPostMessage(5, limited.retryAfter))
    expect(limited.message).toMatch(/^Please confirm your e-mail address to post more/)
    const discussions = await site.payload.count({
      collection: 'discussions',
      where: { author: { equals: created.body.doc!.id } },
    })
    expect(discussions.totalDocs).toBe(5)

    // The link of the confirmation e-mail opened: the budget no longer applies.
    await site.payload.update({
      collection: 'users',
      id: created.body.doc!.id,
      data: { emailConfirmedAt: new Date().toISOString() },
    })
    expect((await post(7)).status).toBe(201)
  })
})
