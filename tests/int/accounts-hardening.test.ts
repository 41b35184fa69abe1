import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  startOidcProvider,
  OIDC_CLIENT,
  type Person,
  type TestProvider,
} from '@tests/support/oidcProvider'
import { freePort } from '@/server/database/postgres'
import { mailCatcher } from '@tests/support/smtp'
import { callAsBrowser, makeUser, startTestSite, type TestSite } from './harness'
import { formOpenedEarlier } from '@tests/support/signUpForm'

/**
 * Accounts that resist takeover: the sign-up confirmation e-mail and its link, external sign-in
 * that links only a confirmed address (and otherwise takes the account over), sessions ended by a
 * password reset or change, and a login lock that does not tell which e-mails exist. Mail goes
 * through a real SMTP server; external sign-in through a real oidc-provider on localhost.
 */
const APP = 'http://127.0.0.1:4321'
const INCORRECT = 'The email or password provided is incorrect.'

const smtp = mailCatcher()
const mails = smtp.received

let provider: TestProvider
let site: TestSite

beforeAll(async () => {
  const smtpPort = await smtp.listen()
  provider = await startOidcProvider({
    port: await freePort('localhost'),
    redirectUris: [`${APP}/api/auth/oidc/callback`],
  })
  site = await startTestSite({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_ALLOW_INSECURE: 'true',
  })
})
afterAll(async () => {
  await site?.close()
  await provider?.close()
  await smtp.close()
})

/** A call through Payload's router as a browser on APP makes it, with every header visible. */
const call = (method: string, url: string, options?: { body?: unknown; cookie?: string }) =>
  callAsBrowser(site, APP, method, url, options)

const me = async (cookie: string) =>
  ((await call('GET', '/api/users/me', { cookie })).body.user as { id: number } | null) ?? null

const login = (email: string, password: string) =>
  call('POST', '/api/accounts/login', { body: { email, password } })

async function signIn(email: string, password: string): Promise<string> {
  const result = await login(email, password)
  if (!result.cookie) throw new Error(`login failed: ${JSON.stringify(result.body)}`)
  return result.cookie
}

/** The raw users row, with the columns the API never shows. */
const row = async (id: number) =>
  (await site.payload.db.findOne({
    collection: 'users',
    where: { id: { equals: id } },
  })) as {
    id: number
    email: string
    emailConfirmedAt: string | null
    oidcSubject: string | null
    sessions: unknown[]
  }

/** Waits for the next e-mail to `to` with `subject`, and returns its body, unfolded. */
async function mailTo(to: string, subject: string, after = 0): Promise<string> {
  const find = () =>
    mails.slice(after).find((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`))
  await expect.poll(() => find() !== undefined, { timeout: 10_000 }).toBe(true)
  return find()!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=')
}

const confirmationPath = (mail: string) => {
  const match = /http:\/\/127\.0\.0\.1:4321(\/api\/users\/confirm-email\?token=[\w.%-]+)/.exec(mail)
  expect(match, mail).not.toBeNull()
  return match![1]!
}

let counter = 0
/** Signs up through the API, as the /register form does. */
async function signUp(prefix: string, extra: Record<string, unknown> = {}) {
  counter++
  const email = `${prefix}-${counter}@example.test`
  const password = `${prefix} secret`
  const created = await call('POST', '/api/users', {
    body: {
      email,
      password,
      userName: `${prefix}_${counter}`,
      ...formOpenedEarlier(site.payload),
      ...extra,
    },
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { id: (created.body.doc as { id: number }).id, email, password }
}

/**
 * The whole external sign-in as a browser makes it: /start, the provider (which signs in
 * `person` at once), the callback. Returns the callback's answer.
 */
async function externalSignIn(person: Person) {
  provider.people.set(person.email, person)
  provider.signInAs(person.email)
  const start = await call('GET', '/api/auth/oidc/start?mode=login')
  expect(start.status).toBe(302)
  const transaction = start.cookies.find((c) => c.startsWith('belong-oidc='))!.split(';')[0]!
  const jar = new Map<string, string>()
  let url = start.headers.get('location')!
  for (let hop = 0; hop < 10 && !url.startsWith(APP); hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!
      const at = pair.indexOf('=')
      if (pair.slice(at + 1)) jar.set(pair.slice(0, at), pair.slice(at + 1))
      else jar.delete(pair.slice(0, at))
    }
    url = new URL(response.headers.get('location')!, url).href
  }
  expect(url.startsWith(`${APP}/api/auth/oidc/callback?`), url).toBe(true)
  const callback = await call('GET', url, { cookie: transaction })
  const target = /url=([^"]+)"/.exec(String(callback.body.html))?.[1]?.replace(/&#38;/g, '&')
  return { ...callback, target }
}

const person = (prefix: string, email: string, verified = true): Person => ({
  sub: `${prefix}-sub-${email}`,
  email,
  email_verified: verified,
  name: `${prefix} Person`,
})

describe('sign-up confirmation e-mail', () => {
  it('is sent on sign-up; its link confirms the address; sign-in works before that', async () => {
    const before = mails.length
    // A client cannot mark its own address confirmed.
    const u = await signUp('cora', { emailConfirmedAt: '2020-01-01T00:00:00.000Z' })
    const mail = await mailTo(u.email, 'Confirm your Belong e-mail address', before)
    expect((await row(u.id)).emailConfirmedAt).toBeNull()

    // Unconfirmed accounts sign in (the spec's flow: sign up, then /login).
    const cookie = await signIn(u.email, u.password)
    const own = await call('GET', `/api/users/${u.id}`, { cookie })
    expect(own.body.emailConfirmedAt ?? null).toBeNull()
    const patched = await call('PATCH', `/api/users/${u.id}`, {
      cookie,
      body: { emailConfirmedAt: '2020-01-01T00:00:00.000Z' },
    })
    expect(patched.status).toBe(200)
    expect((await row(u.id)).emailConfirmedAt).toBeNull()

    const link = confirmationPath(mail)
    const confirmed = await call('GET', link)
    expect(confirmed.status).toBe(200)
    expect(confirmed.headers.get('content-type')).toMatch(/^text\/html/)
    expect(String(confirmed.body.html)).toContain('E-mail confirmed')
    const at = (await row(u.id)).emailConfirmedAt
    expect(at).not.toBeNull()
    expect((await call('GET', `/api/users/${u.id}`, { cookie })).body.emailConfirmedAt).toBe(at)
    // Other people never see it.
    const other = await makeUser(site, 'ozzy')
    const seen = await call('GET', `/api/users/${u.id}`, { cookie: other.cookie })
    expect(seen.body).not.toHaveProperty('emailConfirmedAt')

    // Opening the link again changes nothing.
    expect((await call('GET', link)).status).toBe(200)
    expect((await row(u.id)).emailConfirmedAt).toBe(at)
  })

  it('refuses a forged, altered or stale token; a new address needs a new confirmation', async () => {
    const before = mails.length
    const u = await signUp('finn')
    const link = confirmationPath(
      await mailTo(u.email, 'Confirm your Belong e-mail address', before),
    )
    const token = decodeURIComponent(link.split('token=')[1]!)
    const [body, mac] = token.split('.')
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { id: number }
    const other = await signUp('gwen')
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, id: other.id })).toString(
      'base64url',
    )
    for (const bad of [`${forgedBody}.${mac}`, `${body}.${mac}x`, 'nonsense', '']) {
      const answer = await call('GET', `/api/users/confirm-email?token=${encodeURIComponent(bad)}`)
      expect(answer.status).toBe(400)
      expect(String(answer.body.html)).toContain('invalid or has expired')
    }
    expect((await row(other.id)).emailConfirmedAt).toBeNull()

    // Confirmed, then the address changes: unconfirmed again, the old link is void, and the
    // new address gets its own e-mail.
    expect((await call('GET', link)).status).toBe(200)
    const cookie = await signIn(u.email, u.password)
    const newEmail = `finn-new-${counter}@example.test`
    const mark = mails.length
    const changed = await call('PATCH', `/api/users/${u.id}`, { cookie, body: { email: newEmail } })
    expect(changed.status).toBe(200)
    expect((await row(u.id)).emailConfirmedAt).toBeNull()
    expect((await call('GET', link)).status).toBe(400)
    expect((await row(u.id)).emailConfirmedAt).toBeNull()
    const second = confirmationPath(
      await mailTo(newEmail, 'Confirm your Belong e-mail address', mark),
    )
    expect((await call('GET', second)).status).toBe(200)
    expect((await row(u.id)).emailConfirmedAt).not.toBeNull()
  })

  it('is not sent for a refused sign-up or an account the server makes itself', async () => {
    const before = mails.length
    const refused = await call('POST', '/api/users', {
      body: {
        email: 'short-pw@example.test',
        password: '123',
        userName: 'shortpw',
        ...formOpenedEarlier(site.payload),
      },
    })
    expect(refused.status).toBe(400)
    await makeUser(site, 'seeded')
    const u = await signUp('last')
    await mailTo(u.email, 'Confirm your Belong e-mail address', before)
    expect(mails.slice(before).flatMap((m) => m.to)).toEqual([u.email])
  })
})

describe('external sign-in and unconfirmed addresses', () => {
  it('takes over an unconfirmed account: its password and every session end', async () => {
    const squatter = await signUp('squat')
    const cookie = await signIn(squatter.email, squatter.password)
    const remembered = await call('POST', '/api/accounts/login', {
      body: { email: squatter.email, password: squatter.password, remember: true },
    })
    expect((await me(remembered.cookie!))?.id).toBe(squatter.id)

    const owner = person('owner', squatter.email)
    const signedIn = await externalSignIn(owner)
    expect(signedIn.target).toBe('/')
    expect((await me(signedIn.cookie!))?.id).toBe(squatter.id)

    expect(await me(cookie)).toBeNull()
    expect(await me(remembered.cookie!)).toBeNull()
    expect((await call('POST', '/api/users/refresh-token', { cookie })).status).not.toBe(200)
    expect((await login(squatter.email, squatter.password)).status).toBe(401)
    const taken = await row(squatter.id)
    expect(taken.emailConfirmedAt).not.toBeNull()
    expect(taken.oidcSubject).toBe(owner.sub)
    expect(taken.sessions).toHaveLength(1)
  })

  it('links a confirmed account and keeps its password and sessions', async () => {
    const before = mails.length
    const u = await signUp('conf')
    const link = confirmationPath(
      await mailTo(u.email, 'Confirm your Belong e-mail address', before),
    )
    expect((await call('GET', link)).status).toBe(200)
    const cookie = await signIn(u.email, u.password)

    const signedIn = await externalSignIn(person('conf', u.email))
    expect((await me(signedIn.cookie!))?.id).toBe(u.id)
    expect((await me(cookie))?.id).toBe(u.id)
    expect((await login(u.email, u.password)).status).toBe(200)
  })

  it('an unverified e-mail from the provider still takes over nothing', async () => {
    const u = await signUp('unver')
    const cookie = await signIn(u.email, u.password)
    const refused = await externalSignIn(person('unver', u.email, false))
    expect(refused.cookie).toBeUndefined()
    expect(refused.target).toMatch(/^\/login\?error=an%20account%20with%20this%20e-mail/)
    expect((await me(cookie))?.id).toBe(u.id)
    expect((await row(u.id)).oidcSubject).toBeNull()
  })

  it('a new account from a vouched address is confirmed and gets no e-mail', async () => {
    const before = mails.length
    const email = `fresh-${Date.now()}@example.test`
    const signedIn = await externalSignIn(person('fresh', email))
    expect(signedIn.target).toBe('/register')
    const id = (await me(signedIn.cookie!))!.id
    expect((await row(id)).emailConfirmedAt).not.toBeNull()
    expect(mails.slice(before).flatMap((m) => m.to)).not.toContain(email)
  })
})

describe('password reset and change end the other sessions', () => {
  it('a reset signs out every client', async () => {
    const u = await signUp('rhea')
    const phone = await signIn(u.email, u.password)
    const laptop = (
      await call('POST', '/api/accounts/login', {
        body: { email: u.email, password: u.password, remember: true },
      })
    ).cookie!
    expect((await me(phone))?.id).toBe(u.id)
    expect((await me(laptop))?.id).toBe(u.id)

    const before = mails.length
    expect(
      (await call('POST', '/api/users/forgot-password', { body: { email: u.email } })).status,
    ).toBe(200)
    const mail = await mailTo(u.email, 'Reset your Belong password', before)
    const token = /reset-password\?token=([0-9a-f]+)/.exec(mail)![1]!
    const reset = await call('POST', '/api/users/reset-password', {
      body: { token, password: 'brand new secret' },
    })
    expect(reset.status).toBe(200)

    expect(await me(phone)).toBeNull()
    expect(await me(laptop)).toBeNull()
    expect((await call('POST', '/api/users/refresh-token', { cookie: laptop })).status).not.toBe(
      200,
    )
    expect((await signIn(u.email, 'brand new secret')).length).toBeGreaterThan(0)
  })

  it('a change keeps the session that made it and ends the others', async () => {
    const u = await signUp('chad')
    const here = await signIn(u.email, u.password)
    const elsewhere = await signIn(u.email, u.password)
    const changed = await call('PATCH', `/api/users/${u.id}`, {
      cookie: here,
      body: { password: 'changed secret' },
    })
    expect(changed.status).toBe(200)
    expect((await me(here))?.id).toBe(u.id)
    expect(await me(elsewhere)).toBeNull()
    expect((await login(u.email, u.password)).status).toBe(401)
    expect((await login(u.email, 'changed secret')).status).toBe(200)
  })
})

describe('login lock', () => {
  async function lock(email: string) {
    for (let i = 0; i < 10; i++) {
      expect((await login(email, `guess ${i}`)).status).toBe(401)
    }
  }

  it('answers a locked account exactly like an unknown e-mail', async () => {
    const u = await signUp('lock')
    await lock(u.email)
    for (const path of ['/api/accounts/login', '/api/users/login']) {
      const locked = await call('POST', path, { body: { email: u.email, password: u.password } })
      const unknown = await call('POST', path, {
        body: { email: `nobody-${counter}@example.test`, password: u.password },
      })
      expect(locked.status).toBe(401)
      expect(locked.cookie).toBeUndefined()
      expect({ status: locked.status, body: locked.body }).toEqual({
        status: unknown.status,
        body: unknown.body,
      })
      expect(locked.message).toBe(INCORRECT)
    }
  })

  it('a member cannot unlock (or probe) other accounts', async () => {
    const u = await signUp('vic')
    await lock(u.email)
    const mallory = await makeUser(site, 'unlocker')
    const unlock = await call('POST', '/api/users/unlock', {
      cookie: mallory.cookie,
      body: { email: u.email },
    })
    const probe = await call('POST', '/api/users/unlock', {
      cookie: mallory.cookie,
      body: { email: `nobody-${counter}@example.test` },
    })
    expect(unlock.status).toBe(403)
    expect({ status: unlock.status, body: unlock.body }).toEqual({
      status: probe.status,
      body: probe.body,
    })
    expect((await login(u.email, u.password)).status).toBe(401)
  })

  it('the owner gets back in: a reset lifts the lock, external sign-in ignores it', async () => {
    const u = await signUp('owen')
    const link = confirmationPath(await mailTo(u.email, 'Confirm your Belong e-mail address'))
    expect((await call('GET', link)).status).toBe(200)
    await lock(u.email)
    expect((await login(u.email, u.password)).status).toBe(401)

    const external = await externalSignIn(person('owen', u.email))
    expect((await me(external.cookie!))?.id).toBe(u.id)

    const before = mails.length
    await call('POST', '/api/users/forgot-password', { body: { email: u.email } })
    const mail = await mailTo(u.email, 'Reset your Belong password', before)
    const token = /reset-password\?token=([0-9a-f]+)/.exec(mail)![1]!
    await call('POST', '/api/users/reset-password', { body: { token, password: 'owen again' } })
    expect((await login(u.email, 'owen again')).status).toBe(200)
  })
})
