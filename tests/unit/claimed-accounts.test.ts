import { SignJWT } from 'jose'
import { JWT_AUTH_VERSION } from 'payload'
import { describe, expect, test } from 'vitest'

import {
  claimedAccounts,
  claimedSession,
  payloadToken,
} from '@collections/Users/accounts/claimedAccounts'

const KEYS = { cookieName: 'payload-token', secret: 'a-test-secret-of-32-characters!!' }
const COOKIE = KEYS.cookieName

/** A token with these claims, signed as Payload signs them (jose, HS256), with `secret`. */
const token = (
  claims: Record<string, unknown>,
  secret = KEYS.secret,
  header: Record<string, unknown> = {},
) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header })
    .sign(new TextEncoder().encode(secret))

const member = (id: unknown) => token({ id, collection: 'users', sid: 'a' })

describe('the accounts a request names', () => {
  test('none without credentials; other cookies, and one Payload cannot decode, are not credentials', () => {
    expect(claimedAccounts({}, KEYS)).toEqual([])
    expect(claimedAccounts({ cookie: 'theme=dark; payload-tokens=x' }, KEYS)).toEqual([])
    expect(claimedAccounts({ cookie: `${COOKIE}=a.%%%.c` }, KEYS)).toEqual([])
  })

  test('every token Payload reads: the header (JWT or Bearer) and each token cookie', async () => {
    expect(claimedAccounts({ authorization: `JWT ${await member(7)}` }, KEYS)).toEqual([7])
    expect(claimedAccounts({ authorization: `Bearer ${await member(7)}` }, KEYS)).toEqual([7])
    const cookie = `a=1; ${COOKIE}=${await member(8)}; ${COOKIE}=${await member(9)}`
    expect(claimedAccounts({ authorization: `JWT ${await member(7)}`, cookie }, KEYS)).toEqual([
      7, 8, 9,
    ])
  })

  test('anything it cannot read, or not signed by this site, leaves the request to Payload (null)', async () => {
    const signed = await member(7)
    const [header, body] = signed.split('.')
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`
    for (const headers of [
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: `users API-Key ${signed}` },
      { authorization: 'JWT not-a-token' },
      // Naming an account without the site's signature: another secret, none, or a changed body.
      { authorization: `JWT ${await token({ id: 7, collection: 'users' }, 'another-secret')}` },
      { cookie: `${COOKIE}=${unsigned}` },
      {
        cookie: `${COOKIE}=${header}.${Buffer.from('{"id":8,"collection":"users"}').toString('base64url')}.${signed.split('.')[2]}`,
      },
      { cookie: `${COOKIE}=${await member('7')}` },
      { cookie: `${COOKIE}=${await member(1.5)}` },
      { cookie: `${COOKIE}=${await token({ id: 7, collection: 'admins' })}` },
      { cookie: Array.from({ length: 5 }, () => `${COOKIE}=${signed}`).join('; ') },
    ])
      expect(claimedAccounts(headers, KEYS), JSON.stringify(headers)).toBeNull()
  })
})

describe('the session a request names', () => {
  const NOW = 1_800_000_000
  /** As Payload's jwtSign makes them: its version in the header, an expiry, a session id. */
  const session = (claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) =>
    token({ id: 7, collection: 'users', sid: 's1', exp: NOW + 60, ...claims }, KEYS.secret, {
      authVersion: JWT_AUTH_VERSION,
      ...header,
    })

  test("its one token's account and session, by header or cookie", async () => {
    const one = await session()
    const named = { id: 7, sid: 's1', exp: NOW + 60 }
    expect(claimedSession({ authorization: `JWT ${one}` }, KEYS, NOW)).toEqual(named)
    expect(claimedSession({ authorization: `Bearer ${one}` }, KEYS, NOW)).toEqual(named)
    expect(claimedSession({ cookie: `a=1; ${COOKIE}=${one}` }, KEYS, NOW)).toEqual(named)
  })

  test('the one token Payload reads: the header first, then the cookie by its CSRF rule', () => {
    const site = 'https://belong.example'
    const keys = { ...KEYS, csrf: [site] }
    const cookie = `${COOKIE}=first; ${COOKIE}=last`
    const cases: [Record<string, string>, string[], string | null][] = [
      [{ authorization: 'JWT head', cookie }, [site], 'head'],
      [{ authorization: 'Bearer head', cookie, origin: 'https://x.example' }, [site], 'head'],
      [{ authorization: 'Basic abc' }, [site], null],
      [{}, [site], null],
      [{ cookie, origin: site }, [site], 'last'],
      [{ cookie, origin: 'https://x.example' }, [site], null],
      [{ cookie, origin: 'https://x.example' }, [], 'last'],
      [{ cookie }, [], 'last'],
      [{ cookie }, [site], null],
      [{ cookie, 'sec-fetch-site': 'same-origin' }, [site], 'last'],
      [{ cookie, 'sec-fetch-site': 'none' }, [site], 'last'],
      [{ cookie, 'sec-fetch-site': 'cross-site' }, [site], null],
    ]
    for (const [headers, csrf, token] of cases)
      expect([headers, payloadToken(headers, { ...keys, csrf })]).toEqual([headers, token])
  })

  test('none for what Payload would not sign in, or might sign in as someone else', async () => {
    const one = await session()
    for (const headers of [
      {},
      // Two tokens: which one signs in is Payload's to say.
      { authorization: `JWT ${one}`, cookie: `${COOKIE}=${one}` },
      { authorization: 'Basic dXNlcjpwYXNz', cookie: `${COOKIE}=${one}` },
      { authorization: `JWT ${await session({ exp: NOW })}` },
      { authorization: `JWT ${await session({ exp: undefined })}` },
      { authorization: `JWT ${await session({ nbf: NOW + 10 })}` },
      { authorization: `JWT ${await session({ sid: undefined })}` },
      { authorization: `JWT ${await session({ sid: 5 })}` },
      { authorization: `JWT ${await session({}, { authVersion: JWT_AUTH_VERSION + 1 })}` },
      { authorization: `JWT ${await session({}, { authVersion: undefined })}` },
      { authorization: `JWT ${await session({ collection: 'admins' })}` },
      { authorization: `JWT ${one.slice(0, -2)}xx` },
    ] as Record<string, string>[])
      expect(claimedSession(headers, KEYS, NOW), JSON.stringify(headers)).toBeNull()
  })
})
