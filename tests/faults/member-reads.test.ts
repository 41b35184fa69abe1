import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { API_CHANGES_CHANNEL } from '@/server/http/apiChanges'
import { freshDataDir, member, removeDataDir, startSite, type Site } from '@tests/faults/harness'

/**
 * Members' public reads come from the readers' kept answers (collections/Users/accounts/
 * memberReads.ts) on two instances sharing one PostgreSQL: members share them, while a hidden
 * post never reaches a member, staff keep seeing it, a private story reaches only its author,
 * and a role change, sign-out or suspension on one instance counts on the other at once.
 */

let dataDir = ''
let postgres: RunningPostgres | undefined
let db: pg.Client | undefined
let a: Site | undefined
let b: Site | undefined

type Who = Awaited<ReturnType<typeof member>> & { id: number }

const json = (site: Site) => ({ 'content-type': 'application/json', origin: site.url })

async function account(site: Site): Promise<Who> {
  const who = await member(site.url)
  const me = await fetch(`${site.url}/api/users/me`, { headers: who.headers })
  const { user } = (await me.json()) as { user: { id: number } }
  // Staff act only with a second factor: every account has one, so a promotion makes staff.
  await db!.query('UPDATE users SET two_factor_since = now() WHERE id = $1', [user.id])
  return { ...who, id: user.id }
}

async function send(site: Site, as: Who, method: string, path: string, body?: unknown) {
  const res = await fetch(`${site.url}${path}`, {
    method,
    headers: { ...as.headers, ...json(site) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300)
  return (await res.json()) as { doc?: { id: number } }
}

async function read(site: Site, path: string, as?: Who) {
  const res = await fetch(`${site.url}${path}`, {
    headers: as ? { authorization: as.headers.authorization } : {},
  })
  expect(res.status, path).toBe(200)
  const body = (await res.json()) as { docs: { id: number }[] }
  return { cache: res.headers.get('x-belong-cache'), ids: body.docs.map((doc) => doc.id) }
}

let admin: Who
let place = 0
let hiddenReview = 0
let shownReview = 0
const privateStories = new Map<number, number>()

beforeAll(async () => {
  dataDir = freshDataDir(inject('faultsTemplate'), 'memberreads')
  postgres = await startEmbeddedPostgres({ dir: dataDir, databases: ['belong'] })
  const shared = { DATABASE_URL: postgres.url('belong') }
  a = await startSite(dataDir, shared)
  b = await startSite(dataDir, shared)
  db = new pg.Client({ connectionString: postgres.url('belong') })
  await db.connect()
  // The first admin is made as an operator makes one (no admin exists to promote it), and the
  // change announced as the site's own writes announce theirs.
  admin = await account(a)
  await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id])
  await db.query('SELECT pg_notify($1, $2)', [API_CHANGES_CHANNEL, 'users'])
  place = admin.neighbourhood
  const review = (comment: string) =>
    send(a!, admin, 'POST', '/api/reviews', {
      neighbourhood: place,
      rating: 4,
      authorName: 'Member reads',
      comment,
    })
  shownReview = (await review('The market on Saturdays is worth the walk.')).doc!.id
  hiddenReview = (await review('The bus stop by the bridge is always crowded.')).doc!.id
  await send(a, admin, 'PATCH', `/api/reviews/${hiddenReview}`, { hidden: true })
})

afterAll(async () => {
  await db?.end()
  await a?.stop()
  await b?.stop()
  await postgres?.stop()
  if (dataDir) await removeDataDir(dataDir)
})

const reviewsPath = () => `/api/reviews?where[neighbourhood][equals]=${place}&depth=1&limit=50`
const storiesPath = () => `/api/stories?where[neighbourhood][equals]=${place}&limit=50`

async function privateStory(as: Who): Promise<number> {
  const { doc } = await send(a!, as, 'POST', '/api/stories/new', {
    title: `A private walk ${as.id}`,
    description: 'Only mine.',
    tags: [],
    neighbourhood: place,
    isPublic: false,
  })
  privateStories.set(as.id, doc!.id)
  return doc!.id
}

describe("members share the readers' answers", () => {
  test('a member is answered from the kept answer, staff never are', async () => {
    const plain = await account(b!)
    for (const site of [a!, b!]) {
      const reader = await read(site, reviewsPath())
      expect(reader.ids).toContain(shownReview)
      expect(reader.ids).not.toContain(hiddenReview)
      const asMember = await read(site, reviewsPath(), plain)
      expect(asMember.cache).toBe('hit')
      expect(asMember.ids).toEqual(reader.ids)
      const asAdmin = await read(site, reviewsPath(), admin)
      expect(asAdmin.cache).toBe('bypass')
      expect(asAdmin.ids).toContain(hiddenReview)
    }
    // The reads with the asker's own state stay their own.
    const own = await fetch(
      `${a!.url}/api/reactions/summary?targetKind=review&ids=${shownReview}`,
      { headers: { authorization: plain.headers.authorization } },
    )
    expect(own.headers.get('x-belong-cache')).toBe('bypass')
  })

  test('a private story reaches its author only, whose reads of stories are not kept', async () => {
    const author = await account(a!)
    const other = await account(b!)
    const story = await privateStory(author)
    for (const site of [a!, b!]) {
      const mine = await read(site, storiesPath(), author)
      expect(mine.cache).toBe('bypass')
      expect(mine.ids).toContain(story)
      for (let i = 0; i < 2; i++)
        expect((await read(site, storiesPath(), other)).ids).not.toContain(story)
      expect((await read(site, storiesPath())).ids).not.toContain(story)
    }
  })

  test('role changes, sign-outs and suspensions through either instance: nothing crosses members, hidden posts only reach staff', async () => {
    const members = [await account(a!), await account(b!), await account(a!)]
    await privateStory(members[0]!)
    const staff = new Set<number>()
    const signedOut = new Set<number>()
    // A fixed sequence drawn once from a seeded generator: every kind of change, on either side.
    let seed = 44
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const check = async (who: Who) => {
      for (const site of [a!, b!]) {
        const reviews = await read(site, reviewsPath(), who)
        const stories = await read(site, storiesPath(), who)
        const isStaff = staff.has(who.id) && !signedOut.has(who.id)
        // Staff see the hidden review; nobody else ever does.
        expect(reviews.ids.includes(hiddenReview), `member ${who.id} staff=${isStaff}`).toBe(
          isStaff,
        )
        for (const [author, story] of privateStories) {
          const theirs = author === who.id && !signedOut.has(who.id)
          if (!isStaff) expect(stories.ids.includes(story)).toBe(theirs)
        }
      }
    }
    for (let step = 0; step < 12; step++) {
      const who = members[next(members.length)]!
      const site = next(2) ? a! : b!
      const action = next(4)
      if (action === 0 && !signedOut.has(who.id)) {
        const role = staff.has(who.id) ? 'member' : 'editor'
        await send(site, admin, 'PATCH', `/api/users/${who.id}`, { role })
        if (role === 'editor') staff.add(who.id)
        else staff.delete(who.id)
      } else if (action === 1) {
        const until = new Date(Date.now() + 86_400_000).toISOString()
        await send(site, admin, 'PATCH', `/api/users/${who.id}`, { suspendedUntil: until })
      } else if (action === 2 && !signedOut.has(who.id)) {
        await send(site, who, 'POST', '/api/users/logout')
        signedOut.add(who.id)
      }
      // Every instance answers by the new state (at once, bar the NOTIFY's own delay).
      for (const someone of members)
        await expect.poll(() => check(someone).then(() => true), { timeout: 10_000 }).toBe(true)
    }
  })
})
