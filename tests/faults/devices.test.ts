import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { freshDataDir, removeDataDir, startSite, type Site } from '@tests/faults/harness'
import { signUpFormAt } from '@tests/support/signUpForm'

/**
 * Settings → Your devices on two instances sharing one PostgreSQL: a session ended on one (signed
 * out there, everywhere else, or by a suspension) stops working on the other within a second,
 * however warm that instance's session check was. The time from the ending answer to the other
 * instance's first signed-out answer is printed.
 */
let dataDir = ''
let postgres: RunningPostgres | undefined
let db: pg.Client | undefined
let a: Site | undefined
let b: Site | undefined

beforeAll(async () => {
  dataDir = freshDataDir(inject('faultsTemplate'), 'devices')
  postgres = await startEmbeddedPostgres({ dir: dataDir, databases: ['belong'] })
  const shared = { DATABASE_URL: postgres.url('belong') }
  a = await startSite(dataDir, shared)
  b = await startSite(dataDir, shared)
  db = new pg.Client({ connectionString: postgres.url('belong') })
  await db.connect()
}, 300_000)

afterAll(async () => {
  await db?.end()
  await a?.stop()
  await b?.stop()
  await postgres?.stop()
  if (dataDir) await removeDataDir(dataDir)
})

const PASSWORD = 'devices-fault-password'

async function account() {
  const userName = `dev${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `${userName}@faults.test`
  const created = await fetch(`${a!.url}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: a!.url },
    body: JSON.stringify({ email, password: PASSWORD, userName, ...(await signUpFormAt(a!.url)) }),
  })
  expect(created.status, await created.clone().text()).toBe(201)
  const { doc } = (await created.json()) as { doc: { id: number } }
  return { id: doc.id, email }
}

/** A session opened on `site`: its token, sent as a browser's cookie would be. */
async function session(site: Site, email: string) {
  const res = await fetch(`${site.url}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  expect(res.status).toBe(200)
  const token = /payload-token=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))![1]!
  const headers = { authorization: `JWT ${token}`, origin: site.url }
  const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string
  return { headers, sid }
}

type Session = Awaited<ReturnType<typeof session>>

const signedInOn = async (site: Site, s: Session) => {
  const res = await fetch(`${site.url}/api/users/me`, { headers: s.headers })
  return ((await res.json()) as { user: unknown }).user !== null
}

/** Warms `site`'s session check for `s` (its kept account), as a member's page views do. */
async function warm(site: Site, s: Session) {
  for (let i = 0; i < 3; i++) expect(await signedInOn(site, s)).toBe(true)
}

/** How long after `since` `site` first answers `s` as signed out; fails past one second. */
async function endedWithin(site: Site, s: Session, since: number) {
  await expect.poll(() => signedInOn(site, s), { timeout: 1_000, interval: 20 }).toBe(false)
  return Date.now() - since
}

describe('an ended session stops working on every instance within a second', () => {
  test('signed out from the list on one instance', async () => {
    const who = await account()
    const here = await session(a!, who.email)
    const there = await session(b!, who.email)
    await warm(b!, there)
    const res = await fetch(`${a!.url}/api/users/me/sessions/${there.sid}`, {
      method: 'DELETE',
      headers: here.headers,
    })
    expect(res.status).toBe(200)
    console.log(
      `sign out one: ended on the other instance after ${await endedWithin(b!, there, Date.now())} ms`,
    )
    expect(await signedInOn(b!, here)).toBe(true)
  })

  test('signed out everywhere else', async () => {
    const who = await account()
    const here = await session(a!, who.email)
    const others = [await session(b!, who.email), await session(b!, who.email)]
    for (const s of others) await warm(b!, s)
    const res = await fetch(`${a!.url}/api/users/me/sessions/sign-out-others`, {
      method: 'POST',
      headers: { ...here.headers, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(200)
    const since = Date.now()
    for (const s of others)
      console.log(
        `everywhere else: ended on the other instance after ${await endedWithin(b!, s, since)} ms`,
      )
    expect(await signedInOn(a!, here)).toBe(true)
    expect(await signedInOn(b!, here)).toBe(true)
  })

  test('suspended by an admin', async () => {
    const admin = await account()
    const adminSession = await session(a!, admin.email)
    // The first admin is made as an operator makes one; staff act only with a second factor.
    await db!.query(`UPDATE users SET role = 'admin', two_factor_since = now() WHERE id = $1`, [
      admin.id,
    ])
    const who = await account()
    const sessions = [await session(a!, who.email), await session(b!, who.email)]
    await warm(a!, sessions[0]!)
    await warm(b!, sessions[1]!)
    const until = new Date(Date.now() + 86_400_000).toISOString()
    const res = await fetch(`${a!.url}/api/users/${who.id}`, {
      method: 'PATCH',
      headers: { ...adminSession.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ suspendedUntil: until }),
    })
    expect(res.status, await res.text()).toBe(200)
    const since = Date.now()
    console.log(
      `suspension: ended on this instance after ${await endedWithin(a!, sessions[0]!, since)} ms`,
    )
    console.log(
      `suspension: ended on the other instance after ${await endedWithin(b!, sessions[1]!, since)} ms`,
    )
  })
})
