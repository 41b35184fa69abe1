import { describe, expect, test } from 'vitest'

import { claimedAccounts } from '@collections/Users/accounts/claimedAccounts'

/** A token with these claims, signed by nobody (claimedAccounts reads, never checks). */
const token = (claims: unknown) =>
  ['{"alg":"HS256"}', JSON.stringify(claims), 'sig']
    .map((part, i) => (i < 2 ? Buffer.from(part).toString('base64url') : part))
    .join('.')

const member = (id: unknown) => token({ id, collection: 'users', sid: 'a' })
const COOKIE = 'payload-token'

describe('the accounts a request names', () => {
  test('none without credentials; other cookies, and one Payload cannot decode, are not credentials', () => {
    expect(claimedAccounts({}, COOKIE)).toEqual([])
    expect(claimedAccounts({ cookie: 'theme=dark; payload-tokens=x' }, COOKIE)).toEqual([])
    expect(claimedAccounts({ cookie: `${COOKIE}=a.%%%.c` }, COOKIE)).toEqual([])
  })

  test('every token Payload reads: the header (JWT or Bearer) and each token cookie', () => {
    expect(claimedAccounts({ authorization: `JWT ${member(7)}` }, COOKIE)).toEqual([7])
    expect(claimedAccounts({ authorization: `Bearer ${member(7)}` }, COOKIE)).toEqual([7])
    expect(
      claimedAccounts(
        {
          authorization: `JWT ${member(7)}`,
          cookie: `a=1; ${COOKIE}=${member(8)}; ${COOKIE}=${member(9)}`,
        },
        COOKIE,
      ),
    ).toEqual([7, 8, 9])
  })

  test('anything it cannot read leaves the request to Payload (null)', () => {
    for (const headers of [
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: `users API-Key ${member(7)}` },
      { authorization: 'JWT not-a-token' },
      { authorization: `JWT ${token('7')}` },
      { cookie: `${COOKIE}=${member('7')}` },
      { cookie: `${COOKIE}=${member(1.5)}` },
      { cookie: `${COOKIE}=${token({ id: 7, collection: 'admins' })}` },
      { cookie: Array.from({ length: 5 }, () => `${COOKIE}=${member(7)}`).join('; ') },
    ])
      expect(claimedAccounts(headers, COOKIE), JSON.stringify(headers)).toBeNull()
  })
})
