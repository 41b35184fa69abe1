import { afterAll, describe, expect, it, vi } from 'vitest'

import { pgPool } from '@/server/database/db'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { makeUser, testSiteForFile } from './harness'

/**
 * A write over HTTP has its session checked once: the rate limiter's check is handed to Payload's
 * auth of the same request (src/server/http/sessionHandOver.ts). It must still be the real check:
 * a session signed out, a forged or altered cookie, a deleted account are refused at once, and a
 * request that does not come through the site's server checks its session itself.
 */
let http: HttpSite
afterAll(() => http?.close())
const { site } = testSiteForFile({}, async () => {
  http = await serveOverHttp(site.payload)
})

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)
const messagesOf = async (conversation: number) =>
  Number(
    (await sql('SELECT count(*) AS n FROM messages WHERE conversation_id = $1', [conversation]))
      .rows[0].n,
  )

/** Each session check reads the account's sessions (knownUsers.ts fingerprint): counted here. */
function sessionChecks() {
  const pool = pgPool(site.payload)
  const spy = vi.spyOn(pool, 'query')
  return {
    count: () =>
      spy.mock.calls.filter(([text]) => typeof text === 'string' && text.includes('users_sessions'))
        .length,
    stop: () => spy.mockRestore(),
  }
}

describe('one session check per write', () => {
  it('checks a write once, and refuses a signed-out, forged or deleted session', async () => {
    const [alice, bob] = [await makeUser(site, 'handa'), await makeUser(site, 'handb')]
    for (const user of [alice, bob])
      await sql(
        `UPDATE users SET created_at = now() - interval '2 days', email_confirmed_at = now() WHERE id = $1`,
        [user.id],
      )
    const started = await http.call<{ id: number }>('POST', '/api/conversations/start', {
      cookie: alice.cookie,
      body: { to: bob.id, text: 'Hello' },
    })
    expect(started.status).toBe(200)
    const conversation = started.body.id
    const send = (cookie: string, text: string) =>
      http.call('POST', `/api/conversations/${conversation}/messages`, { cookie, body: { text } })

    const checks = sessionChecks()
    expect((await send(alice.cookie, 'Once')).status).toBe(200)
    expect(checks.count()).toBe(1)
    checks.stop()

    // A cookie whose token was altered is nobody's, whoever checks it.
    const forged = alice.cookie.slice(0, -2) + (alice.cookie.endsWith('AA') ? 'BB' : 'AA')
    expect((await send(forged, 'Forged')).status).toBe(401)

    const second = await site.signIn(alice.email, alice.password)
    expect(
      (await http.call('POST', '/api/users/logout', { cookie: alice.cookie, body: {} })).status,
    ).toBe(200)
    expect((await send(alice.cookie, 'Signed out')).status).toBe(401)
    expect((await send(second, 'Still signed in')).status).toBe(200)

    const texts = await sql('SELECT body FROM messages WHERE conversation_id = $1', [conversation])
    expect(texts.rows.map((r: { body: string }) => r.body).sort()).toEqual([
      'Hello',
      'Once',
      'Still signed in',
    ])

    await site.payload.delete({ collection: 'users', id: alice.id })
    const before = await messagesOf(conversation)
    expect((await send(second, 'Deleted')).status).toBe(401)
    expect(await messagesOf(conversation)).toBe(before)
  })

  it('leaves a request made outside the site server to check its own session', async () => {
    const carol = await makeUser(site, 'handc')
    const me = await site.api<{ user: { id: number } | null }>('GET', '/api/users/me', {
      cookie: carol.cookie,
    })
    expect(me.body.user?.id).toBe(carol.id)
  })
})
