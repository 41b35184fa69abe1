import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { pgPool } from '@/server/database/db'
import { currentCode, enrol } from '@/data/twoFactor'
import { TWO_FACTOR_OFF_SUBJECT, TWO_FACTOR_ON_SUBJECT } from '@collections/Users/twoFactor/mail'
import { makeUser, testSiteForFile, type TestUser } from './harness'

/**
 * Two-factor sign-in through Payload's own router: set-up and its confirmation, the
 * two sign-in steps, recovery codes once each, a replayed code, the per-account limit on wrong
 * codes, Payload's own login refused for an enrolled account, and staff without a second factor
 * refused any staff write. Codes are computed here, at the right and at wrong times.
 */
const { site, editor } = testSiteForFile({
  staff: { editor: 'eddie' },
  env: { RATE_LIMITS: '' },
})

let serial = 0
const fresh = (role: 'member' | 'editor' | 'admin' = 'member') =>
  makeUser(site, `tf${++serial}x${Date.now().toString(36)}`, role)
const post = <T = Record<string, unknown>>(url: string, body: unknown, cookie?: string) =>
  site.api<T & { errors?: { message: string }[] }>('POST', url, { body, cookie })
const message = (body: { errors?: { message: string }[] }) => body.errors?.[0]?.message
const column = async (id: number, name: string) =>
  (await pgPool(site.payload).query(`SELECT ${name} AS v FROM users WHERE id = $1`, [id])).rows[0]
    ?.v as unknown
const mails = () => {
  const outbox = path.join(site.dataDir, 'outbox')
  return fs.existsSync(outbox)
    ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    : []
}
const THIRTY_S = 30_000

/** Sets two-factor up for `u` as Settings does; answers the key and the recovery codes. */
async function turnOn(u: TestUser) {
  const start = await post<{ secret: string; svg: string; uri: string }>(
    '/api/users/me/two-factor/start',
    {},
    u.cookie,
  )
  expect(start.status).toBe(200)
  const confirmed = await post<{ recoveryCodes: string[] }>(
    '/api/users/me/two-factor/confirm',
    { code: currentCode(start.body.secret) },
    u.cookie,
  )
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  return { ...start.body, recovery: confirmed.body.recoveryCodes }
}

const passwordStep = (u: TestUser) =>
  post<{ challenge?: string; twoFactorRequired?: boolean }>('/api/accounts/login', {
    email: u.email,
    password: u.password,
  })

describe('setting two-factor up', () => {
  it('shows a QR code and the key, turns on with a current code, and shows ten recovery codes once', async () => {
    const u = await fresh()
    const start = await post<{ secret: string; svg: string; uri: string }>(
      '/api/users/me/two-factor/start',
      {},
      u.cookie,
    )
    expect(start.status).toBe(200)
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(start.body.svg).toContain('<svg')
    expect(start.body.uri).toContain(`secret=${start.body.secret}`)
    expect(start.body.uri).toContain('period=30')

    // A code from five minutes ago does not confirm it; nothing is on.
    const old = await post(
      '/api/users/me/two-factor/confirm',
      {
        code: currentCode(start.body.secret, Date.now() - 10 * THIRTY_S),
      },
      u.cookie,
    )
    expect(old.status).toBe(400)
    expect(message(old.body)).toBe(TWO_FACTOR_MESSAGES.codeWrong)
    expect(await column(u.id, 'two_factor_since')).toBeNull()

    const before = mails().length
    const confirmed = await post<{ recoveryCodes: string[] }>(
      '/api/users/me/two-factor/confirm',
      {
        code: currentCode(start.body.secret),
      },
      u.cookie,
    )
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.recoveryCodes).toHaveLength(10)
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10)
    expect(mails().length).toBe(before + 1)
    expect(
      mails().some((m) => m.includes(TWO_FACTOR_ON_SUBJECT) && m.includes(`To: ${u.email}`)),
    ).toBe(true)

    // Stored encrypted and hashed: neither the key nor a recovery code is in the row.
    const row = (await pgPool(site.payload).query('SELECT * FROM users WHERE id = $1', [u.id]))
      .rows[0] as Record<string, unknown>
    const text = JSON.stringify(row)
    expect(text).not.toContain(start.body.secret)
    for (const code of confirmed.body.recoveryCodes) expect(text).not.toContain(code)

    // Never through the API, even to the account itself or an admin: only whether it is on.
    const me = await site.api<{ user: Record<string, unknown> }>('GET', '/api/users/me', {
      cookie: u.cookie,
    })
    expect(me.body.user.twoFactorSince).toBeTruthy()
    const admin = await fresh('admin')
    const read = await site.api<Record<string, unknown>>('GET', `/api/users/${u.id}?depth=0`, {
      cookie: admin.cookie,
    })
    expect(read.status).toBe(200)
    expect(
      Object.keys(read.body).filter((k) => /twoFactor(Secret|Pending|Recovery|LastStep)/.test(k)),
    ).toEqual([])
    // Nor written through it.
    await site.api('PATCH', `/api/users/${u.id}`, {
      cookie: u.cookie,
      body: { twoFactorSince: null, twoFactorSecret: 'AAAA', twoFactorRecovery: [] },
    })
    expect(await column(u.id, 'two_factor_since')).not.toBeNull()
    expect(await column(u.id, 'jsonb_array_length(two_factor_recovery)')).toBe(10)

    // A second start while it is on is refused.
    expect((await post('/api/users/me/two-factor/start', {}, u.cookie)).status).toBe(409)
  })

  it('ends the account’s other sessions when it is turned on', async () => {
    const u = await fresh()
    const other = await site.signIn(u.email, u.password)
    await turnOn(u)
    const me = (cookie: string) => site.api<{ user: unknown }>('GET', '/api/users/me', { cookie })
    expect((await me(other)).body.user).toBeNull()
    expect((await me(u.cookie)).body.user).not.toBeNull()
  })
})

describe('signing in with two-factor on', () => {
  it('asks for a code after the password, and opens a session only with a right one', async () => {
    const u = await fresh()
    const { secret } = await turnOn(u)

    const first = await passwordStep(u)
    expect(first.status).toBe(202)
    expect(first.body.twoFactorRequired).toBe(true)
    expect(first.cookie).toBeUndefined()
    const challenge = first.body.challenge!

    const wrongTime = await post('/api/accounts/login/code', {
      challenge,
      code: currentCode(secret, Date.now() - 4 * THIRTY_S),
    })
    expect(wrongTime.status).toBe(400)
    expect(wrongTime.cookie).toBeUndefined()

    // A forged challenge (another account's id in it) is refused.
    const [body, signature] = challenge.split('.')
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>
    const forged = `${Buffer.from(JSON.stringify({ ...claims, uid: editor.id })).toString('base64url')}.${signature}`
    const refusedForged = await post('/api/accounts/login/code', {
      challenge: forged,
      code: '123456',
    })
    expect(refusedForged.status).toBe(401)
    expect(message(refusedForged.body)).toBe(TWO_FACTOR_MESSAGES.challengeExpired)

    // One step of drift is allowed (the phone's clock a little ahead).
    const done = await post<{ user: { id: number } }>('/api/accounts/login/code', {
      challenge,
      code: currentCode(secret, Date.now() + THIRTY_S),
    })
    expect(done.status).toBe(200)
    expect(done.cookie).toBeTruthy()
    const me = await site.api<{ user: { id: number } }>('GET', '/api/users/me', {
      cookie: done.cookie,
    })
    expect(me.body.user.id).toBe(u.id)
  })

  it('refuses a code used already (the same time step), with a clear message', async () => {
    const u = await fresh()
    const { secret } = await turnOn(u)
    const code = currentCode(secret, Date.now() + THIRTY_S)
    const once = await post('/api/accounts/login/code', {
      challenge: (await passwordStep(u)).body.challenge,
      code,
    })
    expect(once.status).toBe(200)
    const again = await post('/api/accounts/login/code', {
      challenge: (await passwordStep(u)).body.challenge,
      code,
    })
    expect(again.status).toBe(400)
    expect(message(again.body)).toBe(TWO_FACTOR_MESSAGES.codeUsed)
    expect(again.cookie).toBeUndefined()
    // An older step than the one used is refused too.
    const older = await post('/api/accounts/login/code', {
      challenge: (await passwordStep(u)).body.challenge,
      code: currentCode(secret),
    })
    expect(older.status).toBe(400)
  })

  it('takes each recovery code once', async () => {
    const u = await fresh()
    const { recovery } = await turnOn(u)
    const used = await post<{ recoveryCodesLeft: number }>('/api/accounts/login/code', {
      challenge: (await passwordStep(u)).body.challenge,
      code: recovery[3]!.toUpperCase(),
    })
    expect(used.status).toBe(200)
    expect(used.body.recoveryCodesLeft).toBe(9)
    const twice = await post('/api/accounts/login/code', {
      challenge: (await passwordStep(u)).body.challenge,
      code: recovery[3],
    })
    expect(twice.status).toBe(400)
    expect(message(twice.body)).toBe(TWO_FACTOR_MESSAGES.recoveryWrong)
  })

  it('refuses Payload’s own login for an enrolled account, with the way to the code step', async () => {
    const u = await fresh()
    await turnOn(u)
    const own = await post('/api/users/login', { email: u.email, password: u.password })
    expect(own.status).toBe(403)
    expect(message(own.body)).toBe(TWO_FACTOR_MESSAGES.useSiteSignIn)
    expect(own.cookie).toBeUndefined()
    // And no session row was left behind by the refused login.
    const sessions = await pgPool(site.payload).query(
      'SELECT count(*)::int AS n FROM users_sessions WHERE _parent_id = $1',
      [u.id],
    )
    expect(sessions.rows[0].n).toBe(1)
  })

  it('limits wrong codes per account: five in five minutes, then a clear 429 even for a right code', async () => {
    const u = await fresh()
    const { secret } = await turnOn(u)
    const challenge = (await passwordStep(u)).body.challenge!
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/accounts/login/code', { challenge, code: String(100000 + i) })
      expect(wrong.status).toBe(400)
    }
    const blocked = await post('/api/accounts/login/code', {
      challenge,
      code: currentCode(secret, Date.now() + THIRTY_S),
    })
    expect(blocked.status).toBe(429)
    expect(message(blocked.body)).toMatch(/^Too many wrong codes\. Try again in \d+ seconds\.$/)
    expect(blocked.cookie).toBeUndefined()
  })
})

describe('turning two-factor off', () => {
  it('needs a current code or the password, and mails the member', async () => {
    const u = await fresh()
    const { secret } = await turnOn(u)
    const wrong = await post(
      '/api/users/me/two-factor/disable',
      { password: 'not it at all' },
      u.cookie,
    )
    expect(wrong.status).toBe(400)
    expect(message(wrong.body)).toBe(TWO_FACTOR_MESSAGES.disableRefused)
    expect(await column(u.id, 'two_factor_since')).not.toBeNull()

    const off = await post(
      '/api/users/me/two-factor/disable',
      { code: currentCode(secret, Date.now() + THIRTY_S) },
      u.cookie,
    )
    expect(off.status).toBe(200)
    expect(await column(u.id, 'two_factor_since')).toBeNull()
    expect(await column(u.id, 'two_factor_secret')).toBeNull()
    expect(
      mails().some((m) => m.includes(TWO_FACTOR_OFF_SUBJECT) && m.includes(`To: ${u.email}`)),
    ).toBe(true)
    // The password alone signs in again.
    expect((await passwordStep(u)).status).toBe(200)

    const v = await fresh()
    await turnOn(v)
    const byPassword = await post(
      '/api/users/me/two-factor/disable',
      { password: v.password },
      v.cookie,
    )
    expect(byPassword.status).toBe(200)
  })
})

describe('staff need a second factor', () => {
  it('refuses an editor without one any staff write, with a 403 that says why', async () => {
    const member = await fresh()
    const bare = await fresh('editor')
    await pgPool(site.payload).query(
      'UPDATE users SET two_factor_since = NULL, two_factor_secret = NULL WHERE id = $1',
      [bare.id],
    )
    // Deciding a report (hiding a post, suspending) is a staff write.
    const decide = await post(
      '/api/reports/decide',
      { targetType: 'reviews', targetId: 1, action: 'hide' },
      bare.cookie,
    )
    expect(decide.status).toBe(403)
    expect(message(decide.body)).toBe(TWO_FACTOR_MESSAGES.staffNeedsTwoFactor)
    // So is a badge (create: staff).
    const badge = await post('/api/user-badges', { user: member.id, badge: 'x' }, bare.cookie)
    expect(badge.status).toBe(403)
    expect(message(badge.body)).toBe(TWO_FACTOR_MESSAGES.staffNeedsTwoFactor)

    // The same editor with a second factor gets past the access rule.
    await enrol(site.payload, bare.id, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')
    const decideAgain = await post(
      '/api/reports/decide',
      { targetType: 'reviews', targetId: 1, action: 'hide' },
      bare.cookie,
    )
    expect(decideAgain.status).not.toBe(403)
  })

  it('refuses an admin without one a role change, with the same message', async () => {
    const member = await fresh()
    const admin = await fresh('admin')
    await pgPool(site.payload).query('UPDATE users SET two_factor_since = NULL WHERE id = $1', [
      admin.id,
    ])
    const promote = await site.api('PATCH', `/api/users/${member.id}`, {
      cookie: admin.cookie,
      body: { role: 'editor' },
    })
    expect(promote.status).toBe(403)
    expect(message(promote.body as never)).toBe(TWO_FACTOR_MESSAGES.staffNeedsTwoFactor)
    expect(await column(member.id, 'role')).toBe('member')
  })
})
