import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { DEVICES_MESSAGES } from '@/rules/devices'
import { freePort } from '@/server/database/postgres'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import type { DeviceView } from '@/views/devices'
import { PASSWORD_CHANGED_SUBJECT } from '@collections/Users/devices/accountChanges'
import { NEW_DEVICE_SUBJECT } from '@collections/Users/devices/signIn'
import { mailCatcher } from '@tests/support/smtp'
import { makeUser, startTestSite, type TestSite } from './harness'

/**
 * Settings → Your devices over HTTP, through the site's own server (its origin checks, limits and
 * form posts; no pages built): the list, signing one session out, everywhere else, another
 * member's session refused, and the changes that end sessions (a password change, a suspension);
 * the mails go to a real SMTP server.
 */
const UA = {
  laptop:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  phone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
}

const smtp = mailCatcher()
let site: TestSite
let http: HttpSite | undefined
let origin = ''

beforeAll(async () => {
  const smtpPort = await smtp.listen()
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  site = await startTestSite({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PORT: String(port),
    PUBLIC_URL: origin,
    RATE_LIMITS: 'off',
  })
  http = await serveOverHttp(site.payload, port)
}, 120_000)

afterAll(async () => {
  await http?.close()
  await site?.close()
  await smtp.close()
})

/** A browser: its user agent and cookie jar, talking to the site over HTTP. */
function browser(userAgent: string) {
  const jar = new Map<string, string>()
  const send = async (method: string, path: string, body?: { json?: unknown; form?: string }) => {
    const headers: Record<string, string> = { 'user-agent': userAgent, origin }
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    if (body?.json !== undefined) headers['content-type'] = 'application/json'
    if (body?.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded'
    const res = await fetch(`${origin}${path}`, {
      method,
      headers,
      redirect: 'manual',
      body: body?.json !== undefined ? JSON.stringify(body.json) : body?.form,
    })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      const gone = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()))
      const expired = attributes.some((a) => {
        const at = /^expires=(.*)$/i.exec(a.trim())?.[1]
        return at !== undefined && Date.parse(at) < Date.now()
      })
      if (gone || expired || value.join('=') === '') jar.delete(name!.trim())
      else jar.set(name!.trim(), value.join('='))
    }
    const text = await res.text()
    let json: Record<string, unknown> = {}
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      json = {}
    }
    return { status: res.status, body: json, location: res.headers.get('location') }
  }
  return {
    jar,
    send,
    async signIn(email: string, password: string) {
      const res = await send('POST', '/api/accounts/login', { json: { email, password } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    },
    async me() {
      const res = await send('GET', '/api/users/me')
      return (res.body.user as { id: number } | null) ?? null
    },
    async sessions() {
      const res = await send('GET', '/api/users/me/sessions')
      expect(res.status).toBe(200)
      return res.body.sessions as DeviceView[]
    },
  }
}

let counter = 0
/** A member made in the database, never signed in yet (so no device is known for it). */
async function newMember(name: string) {
  counter++
  const email = `${name}-${counter}@example.test`
  const password = 'correct horse'
  const user = await site.payload.create({
    collection: 'users',
    data: { email, password, userName: `${name}_${counter}`, role: 'member' },
  })
  return { id: user.id, email, password }
}

/** Mails to `to` whose subject is `subject`, as the SMTP server received them. */
const mailsTo = (to: string, subject: string) =>
  smtp.received.filter((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`))

async function mailTo(to: string, subject: string, count = 1) {
  await expect.poll(() => mailsTo(to, subject).length, { timeout: 10_000 }).toBe(count)
  return mailsTo(to, subject)
    .at(-1)!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=')
}

describe('the list', () => {
  it('lists each signed-in browser in words, this device marked, when signed in and last used', async () => {
    const u = await newMember('lena')
    const laptop = browser(UA.laptop)
    const phone = browser(UA.phone)
    await laptop.signIn(u.email, u.password)
    await phone.signIn(u.email, u.password)
    const list = await laptop.sessions()
    expect(list).toHaveLength(2)
    expect(list[0]).toMatchObject({ device: 'Chrome on Windows', current: true })
    expect(list[0]!.lastUsed).toBe('Active now')
    expect(list[1]).toMatchObject({ device: 'Safari on iPhone', current: false })
    expect(list[1]!.lastUsed).toMatch(/^Last used /)
    for (const row of list) expect(row.signedIn).toMatch(/^Signed in \d{1,2} \w+ \d{4}$/)
    // The phone sees the same two, itself marked.
    const fromPhone = await phone.sessions()
    expect(fromPhone.find((s) => s.current)?.device).toBe('Safari on iPhone')
    // Signed out: nothing to list.
    const stranger = browser(UA.linux)
    expect((await stranger.send('GET', '/api/users/me/sessions')).status).toBe(401)
  })
})

describe('signing out', () => {
  it('signs out one other session, which stops working at once', async () => {
    const u = await newMember('omar')
    const laptop = browser(UA.laptop)
    const phone = browser(UA.phone)
    await laptop.signIn(u.email, u.password)
    await phone.signIn(u.email, u.password)
    const phoneSid = (await phone.sessions()).find((s) => s.current)!.sid
    const res = await laptop.send('DELETE', `/api/users/me/sessions/${phoneSid}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ message: 'Safari on iPhone is signed out.', signedOut: false })
    expect(await phone.me()).toBeNull()
    expect((await laptop.me())?.id).toBe(u.id)
    expect((await laptop.sessions()).map((s) => s.sid)).not.toContain(phoneSid)
  })

  it('signs out everywhere else, as a plain form too, and keeps this device', async () => {
    const u = await newMember('ines')
    const here = browser(UA.laptop)
    const others = [browser(UA.phone), browser(UA.linux)]
    await here.signIn(u.email, u.password)
    for (const other of others) await other.signIn(u.email, u.password)
    const api = await here.send('POST', '/api/users/me/sessions/sign-out-others', { json: {} })
    expect(api.status).toBe(200)
    expect(api.body).toMatchObject({
      ended: 2,
      message: 'Signed out everywhere else (2 sessions).',
    })
    for (const other of others) expect(await other.me()).toBeNull()
    expect((await here.me())?.id).toBe(u.id)

    // The form without JavaScript: a 303 back to the list, with its message.
    for (const other of others) await other.signIn(u.email, u.password)
    const form = await here.send('POST', '/profile/settings?_form=sessionsSignOutOthers', {
      form: '',
    })
    expect(form.status).toBe(303)
    expect(form.location).toBe('/profile/settings#devices')
    expect(decodeURIComponent(here.jar.get('belong_flash') ?? '')).toBe(
      'Signed out everywhere else (2 sessions).',
    )
    for (const other of others) expect(await other.me()).toBeNull()
    expect(await here.sessions()).toHaveLength(1)
  })

  it('signing out this device through its own button signs this browser out', async () => {
    const u = await newMember('pia')
    const laptop = browser(UA.laptop)
    await laptop.signIn(u.email, u.password)
    const token = laptop.jar.get('payload-token')!
    const sid = (await laptop.sessions())[0]!.sid
    const form = await laptop.send('POST', '/profile/settings?_form=sessionSignOut', {
      form: `sid=${sid}`,
    })
    expect(form.status).toBe(303)
    expect(form.location).toBe('/login')
    expect(laptop.jar.has('payload-token')).toBe(false)
    expect(decodeURIComponent(laptop.jar.get('belong_flash') ?? '')).toBe(
      DEVICES_MESSAGES.signedOutThis,
    )
    // The old token no longer signs anyone in, even when sent again.
    laptop.jar.set('payload-token', token)
    expect(await laptop.me()).toBeNull()
  })
})

describe('bad input', () => {
  it("another member's session id: a clear 404, and their session goes on", async () => {
    const alice = await newMember('alba')
    const bob = await newMember('bram')
    const a = browser(UA.laptop)
    const b = browser(UA.phone)
    await a.signIn(alice.email, alice.password)
    await b.signIn(bob.email, bob.password)
    const bobSid = (await b.sessions())[0]!.sid
    const res = await a.send('DELETE', `/api/users/me/sessions/${bobSid}`)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ errors: [{ message: DEVICES_MESSAGES.notYours }] })
    expect((await b.me())?.id).toBe(bob.id)
    expect(await b.sessions()).toHaveLength(1)
    // Not an id at all: 400, read nothing. Signed out: 401. Never a 5xx.
    for (const bad of ['not-a-session', '1', "x'; DROP TABLE users; --", '%00'])
      expect((await a.send('DELETE', `/api/users/me/sessions/${bad}`)).status).toBe(400)
    expect(
      (await browser(UA.linux).send('DELETE', `/api/users/me/sessions/${bobSid}`)).status,
    ).toBe(401)
    expect((await b.me())?.id).toBe(bob.id)
  })
})

describe('changes that end sessions', () => {
  it('a password change keeps this session, ends the others, and is mailed', async () => {
    const u = await newMember('kofi')
    const here = browser(UA.laptop)
    const elsewhere = browser(UA.phone)
    await here.signIn(u.email, u.password)
    await elsewhere.signIn(u.email, u.password)
    const res = await here.send('PATCH', `/api/users/${u.id}`, {
      json: { password: 'a brand new secret' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await elsewhere.me()).toBeNull()
    expect((await here.me())?.id).toBe(u.id)
    expect(await here.sessions()).toHaveLength(1)
    const mail = await mailTo(u.email, PASSWORD_CHANGED_SUBJECT)
    expect(mail).toContain('Every other device signed in to your account was signed out.')
  })

  it('a suspension by an admin ends every session of the account', async () => {
    const admin = await makeUser(site, 'devices_admin', 'admin')
    const u = await newMember('sami')
    const laptop = browser(UA.laptop)
    const phone = browser(UA.phone)
    await laptop.signIn(u.email, u.password)
    await phone.signIn(u.email, u.password)
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const res = await fetch(`${origin}/api/users/${u.id}`, {
      method: 'PATCH',
      headers: { cookie: admin.cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ suspendedUntil: until }),
    })
    expect(res.status, await res.text()).toBe(200)
    expect(await laptop.me()).toBeNull()
    expect(await phone.me()).toBeNull()
  })
})

describe('a sign-in from a new device', () => {
  it('is mailed for a browser the account has not used before, never for a known one', async () => {
    const u = await newMember('nadia')
    const laptop = browser(UA.laptop)
    // The account's first device (its first sign-in): nothing to compare with, no mail.
    await laptop.signIn(u.email, u.password)
    expect(laptop.jar.get('belong_device')).toMatch(/^[\w-]{43}$/)
    const device = laptop.jar.get('belong_device')
    // The same browser again, signed out in between: known.
    await laptop.send('POST', '/api/users/logout', { json: {} })
    await laptop.signIn(u.email, u.password)
    expect(laptop.jar.get('belong_device')).toBe(device)

    const linux = browser(UA.linux)
    await linux.signIn(u.email, u.password)
    const mail = await mailTo(u.email, NEW_DEVICE_SUBJECT)
    expect(mail).toContain('Firefox on Linux')
    expect(mail).toContain(`${origin}/profile/settings#devices`)
    // Known now: its next sign-in is not mailed; a third browser is (and only it).
    await linux.signIn(u.email, u.password)
    await browser(UA.phone).signIn(u.email, u.password)
    const last = await mailTo(u.email, NEW_DEVICE_SUBJECT, 2)
    expect(last).toContain('Safari on iPhone')
    expect(mailsTo(u.email, NEW_DEVICE_SUBJECT)).toHaveLength(2)
  })
})
