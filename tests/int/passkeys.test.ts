import fs from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'

import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { PASSKEY_MESSAGES } from '@/rules/passkeys'
import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { pgPool } from '@/server/database/db'
import { freePort } from '@/server/database/postgres'
import { collectionRoutesOf } from '@tests/support/httpSite'
import { createSiteServer } from '@/server/site/site'
import { PASSKEY_ADDED_SUBJECT, PASSKEY_REMOVED_SUBJECT } from '@collections/Users/passkeys/mail'
import { SoftAuthenticator } from '@tests/support/softAuthenticator'
import { startTestSite, type TestSite } from './harness'

/**
 * Passkeys over HTTP, through the site's own server (its Host and Origin checks, its limits,
 * then Payload), with a software authenticator making real credentials and signatures: adding,
 * listing, renaming and removing one; signing in with it (no password); a staff account's
 * passkey as its second step; and every bad answer — a replayed challenge, another account's
 * passkey, another sign-in's challenge, an unknown credential, another site's origin or RP ID,
 * garbage — refused with a 4xx that says why, nothing changed.
 */
let site: TestSite
let server: Server
let origin = ''
let serial = 0

beforeAll(async () => {
  const port = await freePort()
  origin = `http://localhost:${port}`
  site = await startTestSite({
    PORT: String(port),
    PUBLIC_URL: origin,
    RATE_LIMITS: '',
    RATE_LIMIT_EXEMPT: '127.0.0.1,::1',
  })
  server = await createSiteServer({
    payload: site.payload,
    config: site.payload.config,
    routes: await collectionRoutesOf(site.payload),
    realtimeReady: () => true,
    log: () => {},
  })
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve))
}, 120_000)

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await site?.close()
})

interface Answer<T> {
  status: number
  body: T & { errors?: { message: string }[] }
  retryAfter: string | null
}

/** A browser: its own cookies, requests from the site's own origin. */
class Browser {
  private cookies = new Map<string, string>()

  async call<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<Answer<T>> {
    const headers = new Headers({ origin })
    if (body !== undefined) headers.set('content-type', 'application/json')
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const res = await fetch(`${origin}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      if (/Max-Age=0/i.test(cookie) || !value.join('=')) this.cookies.delete(name!)
      else this.cookies.set(name!, value.join('='))
    }
    const text = await res.text()
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : {}) as Answer<T>['body'],
      retryAfter: res.headers.get('retry-after'),
    }
  }

  post = <T = Record<string, unknown>>(url: string, body: unknown = {}) =>
    this.call<T>('POST', url, body)

  cookie = (name: string) => this.cookies.get(name)
  setCookie = (name: string, value: string) => this.cookies.set(name, value)

  async me() {
    const me = await this.call<{ user: { id: number } | null }>('GET', '/api/users/me')
    return me.body.user?.id ?? null
  }
}

const message = (answer: Answer<unknown>) => answer.body.errors?.[0]?.message

async function person(role: 'member' | 'editor' | 'admin' = 'member') {
  const userName = `pk${++serial}x${Date.now().toString(36)}`
  const email = `${userName}@example.test`
  const password = 'correct horse'
  const user = await site.payload.create({
    collection: 'users',
    data: { email, password, userName, role },
  })
  const browser = new Browser()
  const login = await browser.post('/api/accounts/login', { email, password })
  expect(login.status, JSON.stringify(login.body)).toBe(200)
  return { id: user.id, email, password, browser, device: new SoftAuthenticator(origin) }
}
type Person = Awaited<ReturnType<typeof person>>

async function addPasskey(p: Person, name?: string) {
  const options = await p.browser.post<PublicKeyCredentialCreationOptionsJSON>(
    '/api/users/me/passkeys/options',
  )
  expect(options.status).toBe(200)
  const response = p.device.register(options.body)
  const added = await p.browser.post<{ passkey: { id: number; name: string } }>(
    '/api/users/me/passkeys',
    { response, name },
  )
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  return { ...added.body.passkey, credentialId: response.id }
}

const passkeyCount = async (userId: number) =>
  (
    await pgPool(site.payload).query('SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1', [
      userId,
    ])
  ).rows[0].n as number

const mailsTo = (email: string) => {
  const outbox = path.join(site.dataDir, 'outbox')
  return fs.existsSync(outbox)
    ? fs
        .readdirSync(outbox)
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .filter((mail) => mail.includes(email))
    : []
}

/** A signed-out browser asks for passwordless options and answers them with `p`'s device. */
async function passwordless(p: Person, browser = new Browser(), credentialId?: string) {
  const options = await browser.post<PublicKeyCredentialRequestOptionsJSON>(
    '/api/accounts/passkey/options',
    { remember: true },
  )
  expect(options.status).toBe(200)
  const response = p.device.assert(options.body, credentialId)
  return { browser, response, answer: await browser.post('/api/accounts/passkey', { response }) }
}

describe('passkeys in Settings', () => {
  it('adds one (mailing the member), lists, renames and removes it', async () => {
    const p = await person()
    const signedOut = await new Browser().post('/api/users/me/passkeys/options')
    expect(signedOut.status).toBe(401)

    const key = await addPasskey(p, '  My   laptop ')
    expect(key.name).toBe('My laptop')
    const mail = mailsTo(p.email).find((m) => m.includes(PASSKEY_ADDED_SUBJECT))
    expect(mail).toContain('My laptop')

    const list = await p.browser.call<{ docs: { id: number; name: string }[] }>(
      'GET',
      '/api/users/me/passkeys',
    )
    expect(list.body.docs.map((d) => d.name)).toEqual(['My laptop'])

    const renamed = await p.browser.call('PATCH', `/api/users/me/passkeys/${key.id}`, {
      name: 'Work phone',
    })
    expect(renamed.status).toBe(200)
    for (const [name, why] of [
      ['   ', PASSKEY_MESSAGES.nameRequired],
      ['x'.repeat(61), PASSKEY_MESSAGES.nameTooLong],
    ] as const) {
      const bad = await p.browser.call('PATCH', `/api/users/me/passkeys/${key.id}`, { name })
      expect(bad.status).toBe(400)
      expect(message(bad)).toBe(why)
    }

    // Another member can neither rename nor remove it.
    const other = await person()
    for (const method of ['PATCH', 'DELETE']) {
      const refused = await other.browser.call(method, `/api/users/me/passkeys/${key.id}`, {
        name: 'Mine now',
      })
      expect(refused.status).toBe(404)
      expect(message(refused)).toBe(PASSKEY_MESSAGES.notFound)
    }
    const after = await p.browser.call<{ docs: { name: string }[] }>(
      'GET',
      '/api/users/me/passkeys',
    )
    expect(after.body.docs.map((d) => d.name)).toEqual(['Work phone'])

    const removed = await p.browser.call('DELETE', `/api/users/me/passkeys/${key.id}`)
    expect(removed.status).toBe(200)
    expect(await passkeyCount(p.id)).toBe(0)
    expect(mailsTo(p.email).some((m) => m.includes(PASSKEY_REMOVED_SUBJECT))).toBe(true)
    const since = await pgPool(site.payload).query(
      'SELECT passkeys_since FROM users WHERE id = $1',
      [p.id],
    )
    expect(since.rows[0].passkeys_since).toBeNull()
    // The passkey no longer signs in.
    const gone = await passwordless(p)
    expect(gone.answer.status).toBe(400)
    expect(message(gone.answer)).toBe(PASSKEY_MESSAGES.unknownPasskey)
  })

  it('refuses a replayed or foreign registration, another session’s challenge and garbage', async () => {
    const p = await person()
    const options = await p.browser.post<PublicKeyCredentialCreationOptionsJSON>(
      '/api/users/me/passkeys/options',
    )
    const handle = p.browser.cookie('belong_passkey')!
    // Made for another site (origin, RP ID): refused, and the challenge is used up.
    const wrongOrigin = p.device.register(options.body, { origin: 'https://evil.example' })
    const refused = await p.browser.post('/api/users/me/passkeys', { response: wrongOrigin })
    expect(refused.status).toBe(400)
    expect(message(refused)).toBe(PASSKEY_MESSAGES.responseInvalid)
    p.browser.setCookie('belong_passkey', handle)
    const retried = await p.browser.post('/api/users/me/passkeys', {
      response: p.device.register(options.body),
    })
    expect(retried.status).toBe(400)
    expect(message(retried)).toBe(PASSKEY_MESSAGES.challengeExpired)

    const again = await p.browser.post<PublicKeyCredentialCreationOptionsJSON>(
      '/api/users/me/passkeys/options',
    )
    const wrongRp = await p.browser.post('/api/users/me/passkeys', {
      response: p.device.register(again.body, { rpId: 'evil.example' }),
    })
    expect(wrongRp.status).toBe(400)

    // The same account signed in elsewhere cannot finish this session's registration.
    const third = await p.browser.post<PublicKeyCredentialCreationOptionsJSON>(
      '/api/users/me/passkeys/options',
    )
    const elsewhere = new Browser()
    await elsewhere.post('/api/accounts/login', { email: p.email, password: p.password })
    elsewhere.setCookie('belong_passkey', p.browser.cookie('belong_passkey')!)
    const stolen = await elsewhere.post('/api/users/me/passkeys', {
      response: p.device.register(third.body),
    })
    expect(stolen.status).toBe(400)
    expect(message(stolen)).toBe(PASSKEY_MESSAGES.challengeExpired)

    for (const response of [undefined, 'x', { id: 'a' }, { id: 'a'.repeat(5000), rawId: 'a' }]) {
      await p.browser.post('/api/users/me/passkeys/options')
      const garbage = await p.browser.post('/api/users/me/passkeys', { response })
      expect(garbage.status).toBe(400)
      expect(message(garbage)).toBe(PASSKEY_MESSAGES.responseInvalid)
    }
    const notJson = await p.browser.post('/api/users/me/passkeys', '{')
    expect(notJson.status).toBeGreaterThanOrEqual(400)
    expect(notJson.status).toBeLessThan(500)
    expect(await passkeyCount(p.id)).toBe(0)
  })
})

describe('signing in with a passkey', () => {
  it('opens a session with no password; a replayed answer or challenge opens nothing', async () => {
    const p = await person()
    await addPasskey(p)
    const { browser, response, answer } = await passwordless(p)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(await browser.me()).toBe(p.id)
    const used = await pgPool(site.payload).query(
      'SELECT last_used_at FROM passkeys WHERE user_id = $1',
      [p.id],
    )
    expect(used.rows[0].last_used_at).not.toBeNull()

    // The same answer again, from a signed-out browser, with or without a new challenge.
    const thief = new Browser()
    const replay = await thief.post('/api/accounts/passkey', { response })
    expect(replay.status).toBe(400)
    expect(message(replay)).toBe(PASSKEY_MESSAGES.challengeExpired)
    await thief.post('/api/accounts/passkey/options')
    const replayFresh = await thief.post('/api/accounts/passkey', { response })
    expect(replayFresh.status).toBe(400)
    expect(message(replayFresh)).toBe(PASSKEY_MESSAGES.refused)
    expect(await thief.me()).toBeNull()

    // A signature counter that did not move on (a cloned authenticator), or a user handle that
    // names another account: refused.
    const options = await thief.post<PublicKeyCredentialRequestOptionsJSON>(
      '/api/accounts/passkey/options',
    )
    const cloned = p.device.assert(options.body, undefined, { counter: 1 })
    expect((await thief.post('/api/accounts/passkey', { response: cloned })).status).toBe(400)
    const again = await thief.post<PublicKeyCredentialRequestOptionsJSON>(
      '/api/accounts/passkey/options',
    )
    const good = p.device.assert(again.body)
    const otherHandle = Buffer.from(String(p.id + 1)).toString('base64url')
    const renamed = await thief.post('/api/accounts/passkey', {
      response: { ...good, response: { ...good.response, userHandle: otherHandle } },
    })
    expect(renamed.status).toBe(400)
    expect(message(renamed)).toBe(PASSKEY_MESSAGES.refused)
    expect(await thief.me()).toBeNull()
  })

  it('refuses an unknown passkey, another site’s answer and garbage with a 4xx', async () => {
    const p = await person()
    const key = await addPasskey(p)
    const stranger = new SoftAuthenticator(origin)
    stranger.register({
      ...(
        await p.browser.post<PublicKeyCredentialCreationOptionsJSON>(
          '/api/users/me/passkeys/options',
        )
      ).body,
    })
    const unknown = await passwordless({ ...p, device: stranger })
    expect(unknown.answer.status).toBe(400)
    expect(message(unknown.answer)).toBe(PASSKEY_MESSAGES.unknownPasskey)

    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const browser = new Browser()
      const options = await browser.post<PublicKeyCredentialRequestOptionsJSON>(
        '/api/accounts/passkey/options',
      )
      const forged = p.device.assert(options.body, key.credentialId, overrides)
      const answer = await browser.post('/api/accounts/passkey', { response: forged })
      expect(answer.status).toBe(400)
      expect(message(answer)).toBe(PASSKEY_MESSAGES.refused)
      expect(await browser.me()).toBeNull()
    }

    const browser = new Browser()
    const noChallenge = await browser.post('/api/accounts/passkey', { response: {} })
    expect(noChallenge.status).toBe(400)
    expect(message(noChallenge)).toBe(PASSKEY_MESSAGES.challengeExpired)
    for (const response of [null, 42, { id: key.credentialId, rawId: key.credentialId }]) {
      await browser.post('/api/accounts/passkey/options')
      const garbage = await browser.post('/api/accounts/passkey', { response })
      expect(garbage.status).toBe(400)
    }
    const options = await browser.post<PublicKeyCredentialRequestOptionsJSON>(
      '/api/accounts/passkey/options',
    )
    const good = p.device.assert(options.body, key.credentialId)
    const mangled = await browser.post('/api/accounts/passkey', {
      response: { ...good, response: { ...good.response, signature: 'AAAA' } },
    })
    expect(mangled.status).toBe(400)
    expect(await browser.me()).toBeNull()
  })

  it('limits wrong answers per account as wrong codes are (then even a right one waits)', async () => {
    const p = await person()
    const key = await addPasskey(p)
    for (let i = 0; i < 5; i++) {
      const browser = new Browser()
      const options = await browser.post<PublicKeyCredentialRequestOptionsJSON>(
        '/api/accounts/passkey/options',
      )
      const forged = p.device.assert(options.body, key.credentialId, { origin: 'https://x.test' })
      expect((await browser.post('/api/accounts/passkey', { response: forged })).status).toBe(400)
    }
    const limited = await passwordless(p)
    expect(limited.answer.status).toBe(429)
    expect(Number(limited.answer.retryAfter)).toBeGreaterThan(0)
    expect(await limited.browser.me()).toBeNull()
  })
})

describe('a passkey as the staff second factor', () => {
  it('lets an editor act as staff, then asks for it after the password', async () => {
    const editor = await person('editor')
    const decide = () =>
      editor.browser.post('/api/reports/decide', {
        targetType: 'reviews',
        targetId: 1,
        action: 'hide',
      })
    const before = await decide()
    expect(before.status).toBe(403)
    expect(message(before)).toBe(TWO_FACTOR_MESSAGES.staffNeedsTwoFactor)

    // A session opened with the password alone ends when the first passkey is added.
    const other = new Browser()
    await other.post('/api/accounts/login', { email: editor.email, password: editor.password })
    expect(await other.me()).toBe(editor.id)
    await addPasskey(editor, 'Security key')
    expect(await other.me()).toBeNull()
    expect(await editor.browser.me()).toBe(editor.id)
    expect((await decide()).status).not.toBe(403)

    // The password now opens no session; a code is not the step; the passkey is.
    const browser = new Browser()
    const password = await browser.post<{ steps: unknown }>('/api/accounts/login', {
      email: editor.email,
      password: editor.password,
    })
    expect(password.status).toBe(202)
    expect(password.body.steps).toEqual({ code: false, passkey: true })
    expect(await browser.me()).toBeNull()
    const code = await browser.post('/api/accounts/login/code', { code: '123456' })
    expect(code.status).toBe(400)
    expect(message(code)).toBe(PASSKEY_MESSAGES.useYourPasskey)
    expect(await browser.me()).toBeNull()

    const options = await browser.post<PublicKeyCredentialRequestOptionsJSON>(
      '/api/accounts/login/passkey/options',
    )
    expect(options.body.allowCredentials).toHaveLength(1)
    const step = await browser.post('/api/accounts/login/passkey', {
      response: editor.device.assert(options.body),
    })
    expect(step.status, JSON.stringify(step.body)).toBe(200)
    expect(await browser.me()).toBe(editor.id)
  })

  it('refuses another account’s passkey and another sign-in’s challenge at the second step', async () => {
    const editor = await person('editor')
    await addPasskey(editor)
    const member = await person()
    await addPasskey(member)

    const browser = new Browser()
    await browser.post('/api/accounts/login', { email: editor.email, password: editor.password })
    const options = await browser.post<PublicKeyCredentialRequestOptionsJSON>(
      '/api/accounts/login/passkey/options',
    )
    const foreign = await browser.post('/api/accounts/login/passkey', {
      response: member.device.assert(options.body),
    })
    expect(foreign.status).toBe(400)
    expect(message(foreign)).toBe(PASSKEY_MESSAGES.notYours)
    expect(await browser.me()).toBeNull()

    // A passkey challenge asked during one account's sign-in cannot finish another's.
    const mine = new Browser()
    await mine.post('/api/accounts/login', { email: editor.email, password: editor.password })
    const other = new Browser()
    const editor2 = await person('editor')
    await addPasskey(editor2)
    await other.post('/api/accounts/login', { email: editor2.email, password: editor2.password })
    const theirOptions = await other.post<PublicKeyCredentialRequestOptionsJSON>(
      '/api/accounts/login/passkey/options',
    )
    mine.setCookie('belong_passkey', other.cookie('belong_passkey')!)
    const crossed = await mine.post('/api/accounts/login/passkey', {
      response: editor.device.assert(theirOptions.body),
    })
    expect(crossed.status).toBe(400)
    expect(message(crossed)).toBe(PASSKEY_MESSAGES.challengeExpired)
    expect(await mine.me()).toBeNull()

    // With no password step at all: 401, and the way back to the password.
    const none = await new Browser().post('/api/accounts/login/passkey/options')
    expect(none.status).toBe(401)
    expect(message(none)).toBe(TWO_FACTOR_MESSAGES.challengeExpired)
  })

  it('ends a member’s password-only sessions when one with a passkey is made an editor', async () => {
    const p = await person()
    await addPasskey(p)
    // An admin whose second factor is a passkey too.
    const admin = await person('admin')
    await addPasskey(admin)
    const promoted = await admin.browser.call('PATCH', `/api/users/${p.id}`, { role: 'editor' })
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200)
    expect(await p.browser.me()).toBeNull()
    const again = await new Browser().post('/api/accounts/login', {
      email: p.email,
      password: p.password,
    })
    expect(again.status).toBe(202)
  })

  it('keeps a member’s password sign-in one step with a passkey', async () => {
    const p = await person()
    await addPasskey(p)
    const browser = new Browser()
    const login = await browser.post('/api/accounts/login', {
      email: p.email,
      password: p.password,
    })
    expect(login.status).toBe(200)
    expect(await browser.me()).toBe(p.id)
  })
})
