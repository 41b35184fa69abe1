import path from 'node:path'

import { expect, test } from 'vitest'

import { DEMO_PASSWORD } from '@/seed/users'
import { leaksIn, testPasswords } from '@tests/support/logSecrets'

/** The e2e run's log check (tests/e2e/teardown.ts) finds what it looks for, and only that. */
const e2e = path.resolve(import.meta.dirname, '..', 'e2e')

test("the tests' passwords are read from the e2e sources", () => {
  const secrets = testPasswords(e2e, [DEMO_PASSWORD])
  expect(secrets).toEqual(expect.arrayContaining(['belong-demo', 'fresh-member-password']))
  expect(secrets.every((s) => s.length >= 6)).toBe(true)
})

test('a line holding a secret is found; the request log as written is not', () => {
  const jwt =
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6MSwiY29sbGVjdGlvbiI6InVzZXJzIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ'
  const clean = JSON.stringify({
    level: 30,
    time: 1764380000000,
    reqId: '0b1f6a52-3c1e-4c55-9a3e-1f1f4a3c2b10',
    method: 'POST',
    path: '/api/users/login',
    route: '/api/users/login',
    kind: 'api',
    status: 200,
    ms: 41.2,
    member: 12,
    msg: 'request',
  })
  const planted = [
    clean,
    `{"msg":"seed: 40 users (password \\"${DEMO_PASSWORD}\\")"}`,
    `{"headers":{"cookie":"payload-token=${jwt}"}}`,
    `{"msg":"signed in ${jwt}"}`,
    '{"msg":"mail to priya@belong.local"}',
    '{"authorization":"JWT abc"}',
    'at file:///work/node_modules/next@15.5.0/dist/server.js:10:3',
  ].join('\n')
  expect(leaksIn(planted, [DEMO_PASSWORD])).toEqual([
    { line: 2, what: 'a password or key of the tests' },
    { line: 3, what: 'a session token (JWT)' },
    { line: 3, what: 'a cookie' },
    { line: 4, what: 'a session token (JWT)' },
    { line: 5, what: 'an e-mail address' },
    { line: 6, what: 'an authorization header' },
  ])
})
