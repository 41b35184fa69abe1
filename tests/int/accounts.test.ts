import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { callAsBrowser, makeUser, testSiteForFile } from './harness'
import { formOpenedEarlier } from '@tests/support/signUpForm'

/** Server rules of the account screens (SPEC §2, §5, §9): remember me, passwords, lockout. */
const { site } = testSiteForFile({})

const DAY = 24 * 60 * 60

/** A raw call, to see every header (Set-Cookie attributes, Location). */
const call = (method: string, url: string, options?: { body?: unknown; cookie?: string }) =>
  callAsBrowser(site, 'http://127.0.0.1:4321', method, url, options)

const claims = (cookie: string) =>
  JSON.parse(Buffer.from(cookie.split('=')[1]!.split('.')[1]!, 'base64url').toString()) as {
    exp: number
    iat: number
    remember?: boolean
  }
const expiresIn = (setCookie: string) => {
  const match = /Expires=([^;]+)/.exec(setCookie)
  return match ? (new Date(match[1]!).getTime() - Date.now()) / 1000 : null
}
const me = async (cookie: string) =>
  ((await call('GET', '/api/users/me', { cookie })).body.user as { id: number } | null) ?? null

describe('remember me (POST /api/accounts/login)', () => {
  it('remembered: a 30-day token in a 30-day cookie, kept by refresh', async () => {
    const u = await makeUser(site, 'rita')
    const login = await call('POST', '/api/accounts/login', {
      body: { email: u.email, password: u.password, remember: true },
    })
    expect(login.status).toBe(200)
    const token = claims(login.cookie!)
    expect(token.remember).toBe(true)
    expect(token.exp - token.iat).toBe(30 * DAY)
    expect(expiresIn(login.setCookie!)).toBeGreaterThan(29 * DAY)
    expect((await me(login.cookie!))?.id).toBe(u.id)

    const refreshed = await call('POST', '/api/users/refresh-token', { cookie: login.cookie })
    expect(refreshed.status).toBe(200)
    expect(claims(refreshed.cookie!).exp - claims(refreshed.cookie!).iat).toBe(30 * DAY)
    expect(expiresIn(refreshed.setCookie!)).toBeGreaterThan(29 * DAY)
    expect((await me(refreshed.cookie!))?.id).toBe(u.id)
  })

  it('not remembered: the cookie ends with the browser, the token after 7 days', async () => {
    const u = await makeUser(site, 'nora')
    const login = await call('POST', '/api/accounts/login', {
      body: { email: u.email, password: u.password, remember: false },
    })
    expect(login.status).toBe(200)
    expect(login.setCookie).not.toMatch(/Expires=/)
    expect(login.setCookie).toMatch(/HttpOnly/)
    const token = claims(login.cookie!)
    expect(token.remember).toBe(false)
    expect(token.exp - token.iat).toBe(7 * DAY)
    const refreshed = await call('POST', '/api/users/refresh-token', { cookie: login.cookie })
    expect(refreshed.status).toBe(200)
    expect(refreshed.setCookie).not.toMatch(/Expires=/)
    expect(claims(refreshed.cookie!).remember).toBe(false)
    expect((await me(refreshed.cookie!))?.id).toBe(u.id)
  })

  it("Payload's own login and refresh keep their 7-day cookie", async () => {
    const u = await makeUser(site, 'otto')
    const refreshed = await call('POST', '/api/users/refresh-token', { cookie: u.cookie })
    expect(refreshed.status).toBe(200)
    expect(expiresIn(refreshed.setCookie!)).toBeGreaterThan(6.9 * DAY)
    expect(claims(refreshed.cookie!).remember).toBeUndefined()
  })

  it('answers a wrong password and missing fields with the server message', async () => {
    const u = await makeUser(site, 'wanda')
    const wrong = await call('POST', '/api/accounts/login', {
      body: { email: u.email, password: 'not it' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.message).toBe('The email or password provided is incorrect.')
    expect(wrong.setCookie).toBeUndefined()
    const empty = await call('POST', '/api/accounts/login', { body: { email: u.email } })
    expect(empty.status).toBe(400)
    expect(empty.message).toBe('Please enter your e-mail and password.')
  })

  it('refuses a refresh without a session', async () => {
    expect((await call('POST', '/api/users/refresh-token')).status).toBe(403)
  })
})

describe('brute force', () => {
  it('locks the account after 10 failures: the 11th try, right password, is refused', async () => {
    const u = await makeUser(site, 'lola')
    const other = await makeUser(site, 'olga')
    for (let i = 0; i < 10; i++) {
      const wrong = await call('POST', '/api/accounts/login', {
        body: { email: u.email, password: `guess ${i}` },
      })
      expect(wrong.status).toBe(401)
    }
    const right = await call('POST', '/api/accounts/login', {
      body: { email: u.email, password: u.password },
    })
    expect(right.status).toBe(401)
    // Locked answers like a wrong password: the answer never tells whether an e-mail exists.
    expect(right.message).toBe('The email or password provided is incorrect.')
    expect(right.setCookie).toBeUndefined()
    // Payload's own login says the same; the existing session and other people are unaffected.
    const direct = await call('POST', '/api/users/login', {
      body: { email: u.email, password: u.password },
    })
    expect(direct.status).toBe(401)
    expect((await me(u.cookie))?.id).toBe(u.id)
    const fine = await call('POST', '/api/accounts/login', {
      body: { email: other.email, password: other.password },
    })
    expect(fine.status).toBe(200)
  })
})

describe('password length (SPEC §9: at least 6)', () => {
  it('refuses a short password at sign-up', async () => {
    const short = await call('POST', '/api/users', {
      body: {
        email: 'short@example.test',
        password: '12345',
        userName: 'shorty',
        ...formOpenedEarlier(site.payload),
      },
    })
    expect(short.status).toBe(400)
    expect(JSON.stringify(short.body)).toContain('Password must be at least 6 characters.')
    const ok = await call('POST', '/api/users', {
      body: {
        email: 'six@example.test',
        password: '123456',
        userName: 'sixer',
        ...formOpenedEarlier(site.payload),
      },
    })
    expect(ok.status).toBe(201)
  })

  it('refuses a short password on update', async () => {
    const u = await makeUser(site, 'ursula')
    const short = await call('PATCH', `/api/users/${u.id}`, {
      cookie: u.cookie,
      body: { password: 'abc' },
    })
    expect(short.status).toBe(400)
    expect(JSON.stringify(short.body)).toContain('Password must be at least 6 characters.')
  })
})

describe('forgot and reset password', () => {
  const outbox = () => path.join(site.dataDir, 'outbox')
  const mails = () =>
    fs.existsSync(outbox())
      ? fs.readdirSync(outbox()).map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
      : []

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = mails().length
    const unknown = await call('POST', '/api/users/forgot-password', {
      body: { email: 'nobody@example.test' },
    })
    const u = await makeUser(site, 'fern')
    const known = await call('POST', '/api/users/forgot-password', { body: { email: u.email } })
    expect(unknown.status).toBe(200)
    expect(known.status).toBe(200)
    expect(unknown.body).toEqual(known.body)
    expect(mails().length).toBe(before + 1)
  })

  it('mails a link to /reset-password; the token sets a password of 6 or more', async () => {
    const u = await makeUser(site, 'reese')
    await call('POST', '/api/users/forgot-password', { body: { email: u.email } })
    const mail = mails().find((m) => m.includes(`To: ${u.email}`))!
    expect(mail).toContain('Subject: Reset your Belong password')
    const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
    const link = /http:\/\/127\.0\.0\.1:4321\/reset-password\?token=([0-9a-f]+)/.exec(unfolded)
    expect(link, unfolded).not.toBeNull()
    const token = link![1]!

    const short = await call('POST', '/api/users/reset-password', {
      body: { token, password: 'abc' },
    })
    expect(short.status).toBe(400)
    expect(JSON.stringify(short.body)).toContain('Password must be at least 6 characters.')

    const reset = await call('POST', '/api/users/reset-password', {
      body: { token, password: 'new secret' },
    })
    expect(reset.status).toBe(200)
    const old = await call('POST', '/api/accounts/login', {
      body: { email: u.email, password: u.password },
    })
    expect(old.status).toBe(401)
    const fresh = await call('POST', '/api/accounts/login', {
      body: { email: u.email, password: 'new secret' },
    })
    expect(fresh.status).toBe(200)
  })
})

describe('external sign-in fields', () => {
  it('cannot be written or read by members', async () => {
    const created = await call('POST', '/api/users', {
      body: {
        email: 'mallory@example.test',
        password: 'correct horse',
        userName: 'mallory',
        oidcIssuer: 'https://accounts.google.com',
        oidcSubject: 'victim-sub',
        ...formOpenedEarlier(site.payload),
      },
    })
    expect(created.status).toBe(201)
    const id = (created.body.doc as { id: number }).id
    const cookie = await site.signIn('mallory@example.test', 'correct horse')
    const patched = await call('PATCH', `/api/users/${id}`, {
      cookie,
      body: { oidcIssuer: 'https://accounts.google.com', oidcSubject: 'victim-sub' },
    })
    expect(patched.status).toBe(200)
    const row = await site.payload.findByID({ collection: 'users', id, depth: 0 })
    expect(row.oidcIssuer ?? null).toBeNull()
    expect(row.oidcSubject ?? null).toBeNull()
    await site.payload.update({
      collection: 'users',
      id,
      data: { oidcIssuer: 'https://issuer.test', oidcSubject: 'sub-1' },
    })
    const own = await call('GET', `/api/users/${id}`, { cookie })
    expect(own.body).not.toHaveProperty('oidcSubject')
    expect(own.body).not.toHaveProperty('oidcIssuer')
  })
})

describe('external sign-in endpoints', () => {
  const target = (html: unknown) => /url=([^"]+)"/.exec(String(html))?.[1]?.replace(/&#38;/g, '&')

  it('sends the visitor back with an error when no client id is configured', async () => {
    const login = await call('GET', '/api/auth/oidc/start?mode=login')
    expect(login.status).toBe(200)
    expect(target(login.body.html)).toBe(
      '/login?error=sign-in%20with%20Google%20is%20not%20configured',
    )
    const register = await call('GET', '/api/auth/oidc/start?mode=register')
    expect(target(register.body.html)).toBe(
      '/register?error=sign-in%20with%20Google%20is%20not%20configured',
    )
  })

  it('refuses a callback that no start began (no transaction cookie)', async () => {
    const callback = await call('GET', '/api/auth/oidc/callback?code=x&state=y')
    expect(callback.status).toBe(200)
    expect(callback.setCookie).toBeUndefined()
    expect(target(callback.body.html)).toMatch(/^\/login\?error=the%20sign-in%20expired/)
  })
})
