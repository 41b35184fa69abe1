import crypto from 'node:crypto'

import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server'
import { handleEndpoints } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { currentCode } from '@/data/twoFactor'
import { unsubscribeToken } from '@/data/unsubscribeToken'
import { pgPool } from '@/server/database/db'
import { relyingParty } from '@collections/Users/passkeys/ceremony'
import { answerChecker } from '@tests/support/apiDescription'
import { SoftAuthenticator } from '@tests/support/softAuthenticator'
import { enrolSecondFactor, makeUser, testSiteForFile } from './harness'

/**
 * The account and security endpoints answer as /api/openapi.json says: each is called with a good
 * and a bad input, and every answer's status and body are checked against the description.
 */
const PUSH_ORIGIN = 'https://push.example.test'
const { site, alice, bob } = testSiteForFile({
  named: { alice: 'acctdescalice', bob: 'acctdescbob' },
  env: { PUSH_ENDPOINT_ALLOW: PUSH_ORIGIN },
  timeout: 120_000,
})

let check: ReturnType<typeof answerChecker>
beforeAll(async () => {
  const description = await site.api<Record<string, unknown>>('GET', '/api/openapi.json')
  check = answerChecker(description.body)
})

interface Answer<T = Record<string, unknown>> {
  method: string
  url: string
  status: number
  body: T
  cookie?: string
}

const call = async <T = Record<string, unknown>>(
  method: string,
  url: string,
  options: Parameters<typeof site.api>[2] = {},
): Promise<Answer<T>> => ({ method, url, ...(await site.api<T>(method, url, options)) })

/** Each answer had the status expected, and the description describes it. */
function expectDescribed(answers: [Answer<unknown>, number][]) {
  const seen = answers.map(([a]) => ({
    call: `${a.method} ${a.url}`,
    status: a.status,
    problem: check(a.method, a.url, a.status, a.body).problem,
  }))
  expect(seen).toEqual(
    answers.map(([a, status]) => ({ call: `${a.method} ${a.url}`, status, problem: null })),
  )
}

/**
 * A browser through the harness's router, keeping every cookie it is given: the passkey
 * ceremonies bind their challenge to an HttpOnly cookie besides the session's.
 */
class Browser {
  private cookies = new Map<string, string>()

  constructor(session?: string) {
    if (session) this.keep(session)
  }

  private keep(pair: string) {
    const [name, ...value] = pair.split('=')
    if (value.join('=')) this.cookies.set(name!, value.join('='))
    else this.cookies.delete(name!)
  }

  async call<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<Answer<T>> {
    const headers = new Headers()
    if (body !== undefined) headers.set('content-type', 'application/json')
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    const request = new Request(new URL(url, 'http://localhost'), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const response = await handleEndpoints({ config: site.payload.config, request })
    for (const cookie of response.headers.getSetCookie()) this.keep(cookie.split(';')[0]!)
    const text = await response.text()
    return { method, url, status: response.status, body: (text ? JSON.parse(text) : {}) as T }
  }
}

const password = 'correct horse'

describe('the accounts endpoints, as described', () => {
  it('sign in with a password and a code, and Payload’s own account routes', async () => {
    const coded = await makeUser(site, 'acctdesccoded')
    const { secret } = await enrolSecondFactor(site, coded.id, coded.email)
    const stepped = await call<{ challenge: string }>('POST', '/api/accounts/login', {
      body: { email: coded.email, password },
    })
    const challenge = stepped.body.challenge
    const token = await site.payload.forgotPassword({
      collection: 'users',
      data: { email: bob.email },
      disableEmail: true,
    })
    const leaving = await site.signIn(alice.email, password)
    expectDescribed([
      [await call('POST', '/api/accounts/login', { body: { email: alice.email, password } }), 200],
      [await call('POST', '/api/accounts/login', { body: {} }), 400],
      [
        await call('POST', '/api/accounts/login', {
          body: { email: alice.email, password: 'wrong horse' },
        }),
        401,
      ],
      [stepped, 202],
      [await call('POST', '/api/accounts/login/code', { body: { code: '123456' } }), 401],
      [await call('POST', '/api/accounts/login/code', { body: { challenge, code: 'nope' } }), 400],
      [await call('POST', '/api/accounts/login/passkey/options', { body: {} }), 401],
      [await call('POST', '/api/accounts/login/passkey/options', { body: { challenge } }), 400],
      [await call('POST', '/api/accounts/login/passkey', { body: { response: 1 } }), 401],
      [
        await call('POST', '/api/accounts/login/code', {
          body: { challenge, code: currentCode(secret, Date.now()) },
        }),
        200,
      ],
      [await call('POST', '/api/accounts/passkey/options', { body: { remember: true } }), 200],
      [await call('POST', '/api/accounts/passkey', { body: { response: 'x' } }), 400],
      [await call('POST', '/api/users/login', { body: { email: alice.email, password } }), 200],
      [
        await call('POST', '/api/users/login', { body: { email: alice.email, password: 'no' } }),
        401,
      ],
      [await call('POST', '/api/users/login', { body: { email: coded.email, password } }), 403],
      [await call('POST', '/api/users/login', { body: {} }), 400],
      [await call('GET', '/api/users/me', { cookie: alice.cookie }), 200],
      [await call('GET', '/api/users/me'), 200],
      [await call('POST', '/api/users/refresh-token', { cookie: alice.cookie }), 200],
      [await call('POST', '/api/users/refresh-token'), 403],
      [await call('POST', '/api/users/logout', { cookie: leaving }), 200],
      [await call('POST', '/api/users/logout'), 400],
      [await call('POST', '/api/users/forgot-password', { body: { email: alice.email } }), 200],
      [await call('POST', '/api/users/forgot-password', { body: {} }), 400],
      [
        await call('POST', '/api/users/reset-password', {
          body: { token: 'nope', password: 'long enough' },
        }),
        403,
      ],
      [await call('POST', '/api/users/reset-password', { body: { token, password: 'abc' } }), 400],
      [
        await call('POST', '/api/users/reset-password', {
          body: { token, password: 'a new horse' },
        }),
        200,
      ],
      [await call('GET', '/api/users/sign-up-form'), 200],
    ])
  })

  it('passkeys: added, renamed and removed in Settings; sign-in and second step with one', async () => {
    const member = await makeUser(site, 'acctdesckeys')
    const device = new SoftAuthenticator(relyingParty().origin)
    const settings = new Browser(member.cookie)
    const creation = await settings.call<PublicKeyCredentialCreationOptionsJSON>(
      'POST',
      '/api/users/me/passkeys/options',
    )
    const added = await settings.call<{ passkey: { id: number } }>(
      'POST',
      '/api/users/me/passkeys',
      {
        response: device.register(creation.body),
        name: 'Laptop',
      },
    )
    const key = `/api/users/me/passkeys/${added.body.passkey.id}`

    const visitor = new Browser()
    const request = await visitor.call<PublicKeyCredentialRequestOptionsJSON>(
      'POST',
      '/api/accounts/passkey/options',
      {},
    )
    const passwordless = await visitor.call('POST', '/api/accounts/passkey', {
      response: device.assert(request.body),
    })

    await enrolSecondFactor(site, member.id, member.email)
    const stepping = new Browser()
    const stepped = await stepping.call('POST', '/api/accounts/login', {
      email: member.email,
      password,
    })
    const options = () =>
      stepping.call<PublicKeyCredentialRequestOptionsJSON>(
        'POST',
        '/api/accounts/login/passkey/options',
        {},
      )
    // A refused answer uses its challenge up: the member asks again.
    const refused = [
      await options(),
      await stepping.call('POST', '/api/accounts/login/passkey', { response: 'x' }),
    ] as const
    const second = await options()
    const secondStep = await stepping.call('POST', '/api/accounts/login/passkey', {
      response: device.assert(second.body),
    })

    expectDescribed([
      [creation, 200],
      [added, 201],
      [await settings.call('POST', '/api/users/me/passkeys', { response: 'x' }), 400],
      [await settings.call('GET', '/api/users/me/passkeys'), 200],
      [await new Browser().call('GET', '/api/users/me/passkeys'), 401],
      [await settings.call('PATCH', key, { name: 'Phone' }), 200],
      [await settings.call('PATCH', key, { name: '   ' }), 400],
      [await settings.call('PATCH', '/api/users/me/passkeys/x', { name: 'Phone' }), 404],
      [request, 200],
      [passwordless, 200],
      [stepped, 202],
      [refused[0], 200],
      [refused[1], 400],
      [second, 200],
      [secondStep, 200],
      [await stepping.call('POST', '/api/accounts/login/passkey', { response: 'x' }), 401],
      [await settings.call('DELETE', key), 200],
      [await settings.call('DELETE', key), 404],
    ])
  })

  it('two-factor sign-in turned on and off in Settings', async () => {
    const member = await makeUser(site, 'acctdesctotp')
    const as = { cookie: member.cookie }
    const started = await call<{ secret: string }>('POST', '/api/users/me/two-factor/start', as)
    expectDescribed([
      [await call('POST', '/api/users/me/two-factor/start'), 401],
      [started, 200],
      [await call('POST', '/api/users/me/two-factor/confirm', { ...as, body: { code: 'x' } }), 400],
      [
        await call('POST', '/api/users/me/two-factor/confirm', {
          ...as,
          body: { code: currentCode(started.body.secret, Date.now()) },
        }),
        200,
      ],
      [await call('POST', '/api/users/me/two-factor/start', as), 409],
      [
        await call('POST', '/api/users/me/two-factor/disable', {
          ...as,
          body: { password: 'wrong horse' },
        }),
        400,
      ],
      [await call('POST', '/api/users/me/two-factor/disable', { ...as, body: { password } }), 200],
      [await call('POST', '/api/users/me/two-factor/disable', { ...as, body: { password } }), 409],
    ])
  })

  it('sessions on other devices listed and signed out', async () => {
    const member = await makeUser(site, 'acctdescdevices')
    const as = { cookie: member.cookie }
    await site.signIn(member.email, password)
    await site.signIn(member.email, password)
    const listed = await call<{ sessions: { sid: string; current: boolean }[] }>(
      'GET',
      '/api/users/me/sessions',
      as,
    )
    const other = listed.body.sessions.find((s) => !s.current)!.sid
    expectDescribed([
      [listed, 200],
      [await call('GET', '/api/users/me/sessions'), 401],
      [await call('DELETE', '/api/users/me/sessions/not-a-session', as), 400],
      [await call('DELETE', `/api/users/me/sessions/${crypto.randomUUID()}`, as), 404],
      [await call('DELETE', `/api/users/me/sessions/${other}`, as), 200],
      [await call('POST', '/api/users/me/sessions/sign-out-others', as), 200],
      [await call('POST', '/api/users/me/sessions/sign-out-others'), 401],
    ])
  })

  it("a member's own data: export, deletion, unsubscribe links and push devices", async () => {
    const leaving = await makeUser(site, 'acctdescleaving')
    const linked = await makeUser(site, 'acctdesclinked')
    await pgPool(site.payload).query(
      `UPDATE users SET oidc_issuer = 'https://accounts.google.com', email_confirmed_at = now()
        WHERE id = $1`,
      [linked.id],
    )
    const token = unsubscribeToken({ user: alice.id, kind: 'digest' })
    const old = unsubscribeToken({ user: alice.id, kind: 'digest' }, new Date(Date.now() - 4e10))
    const subscription = {
      endpoint: `${PUSH_ORIGIN}/push/acctdesc`,
      keys: {
        p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: crypto.randomBytes(16).toString('base64url'),
      },
    }
    const as = { cookie: alice.cookie }
    expectDescribed([
      [await call('GET', '/api/users/me/export', as), 200],
      [await call('GET', '/api/users/me/export'), 401],
      [
        await call('POST', '/api/users/me/delete', {
          cookie: leaving.cookie,
          body: { password: 'wrong horse' },
        }),
        400,
      ],
      [await call('POST', '/api/users/me/delete', { cookie: leaving.cookie, body: {} }), 400],
      [
        await call('POST', '/api/users/me/delete', {
          cookie: linked.cookie,
          body: { token: 'nope' },
        }),
        400,
      ],
      [await call('POST', '/api/users/me/delete', { cookie: linked.cookie, body: {} }), 202],
      [
        await call('POST', '/api/users/me/delete', { cookie: leaving.cookie, body: { password } }),
        200,
      ],
      [await call('POST', '/api/mails/unsubscribe', { body: { token } }), 200],
      [await call('POST', '/api/mails/unsubscribe', { body: { token, on: true } }), 200],
      [
        await call('POST', `/api/mails/unsubscribe?t=${token}`, {
          form: { 'List-Unsubscribe': 'One-Click' },
        }),
        200,
      ],
      [await call('POST', '/api/mails/unsubscribe', { body: { token: 'forged' } }), 400],
      [await call('POST', '/api/mails/unsubscribe', { body: { token: old } }), 410],
      [
        await call('PUT', '/api/push-subscriptions/device', {
          ...as,
          body: { subscription, kinds: ['comments'] },
        }),
        200,
      ],
      [await call('PUT', '/api/push-subscriptions/device', { ...as, body: {} }), 400],
      [
        await call('PUT', '/api/push-subscriptions/device', {
          ...as,
          body: { subscription, kinds: [], user: bob.id },
        }),
        403,
      ],
      [await call('PUT', '/api/push-subscriptions/device', { body: {} }), 401],
      [
        await call('POST', '/api/push-subscriptions/device/state', {
          ...as,
          body: { endpoint: subscription.endpoint },
        }),
        200,
      ],
      [await call('POST', '/api/push-subscriptions/device/state', { ...as, body: {} }), 400],
    ])
  })
})
