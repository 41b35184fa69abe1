import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { formHandlers } from '@/forms'
import { isRefusal, type ApiCall } from '@/forms/types'
import { startTestSite } from './harness'
import {
  OPS,
  ROLES,
  SPECS,
  COMMAND_WRITES,
  commandWrite,
  cookieFor,
  count,
  createdId,
  createBody,
  idOf,
  local,
  makeWorld,
  next,
  postCreate,
  stored,
  type CollectionSpec,
  type Doc,
  type Fixture,
  type Op,
  type Result,
  type Role,
  type World,
} from './matrix'

/**
 * SPEC §6 as an explicit table. Columns: visitor, member, owner, neighbourhood creator, editor,
 * admin. Y = allowed (2xx), - = refused (401/403, or 404 when the document is hidden from them).
 * Where the spec is silent the row says what the collection decided (its comment gives why).
 */
const EXPECTED: Record<string, Record<Op, string>> = {
  //                   visitor member owner creator editor admin
  // Anyone signs up and reads profiles; an account is changed by itself or an admin.
  users: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ 'Y Y Y Y Y Y',
    update: /*        */ '- - Y - - Y',
    delete: /*        */ '- - - - - Y',
  },
  // Members submit and edit through the commands (BY_COMMAND); REST writes are staff's.
  neighbourhoods: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Members write through the commands (BY_COMMAND); REST writes are staff's.
  reviews: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  media: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- Y Y Y Y Y',
    update: /*        */ '- - Y - Y Y',
    delete: /*        */ '- - Y - Y Y',
  },
  // Private to their recipient (and admins); only the server creates them.
  notifications: {
    read: /*          */ '- - Y - - Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - Y - - Y',
    delete: /*        */ '- - Y - - Y',
  },
  // Neighbours' posts: members write through their commands (tested in each feature's file);
  // through REST only staff write, and a seller may take down their own market item.
  'market-items': {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - Y - Y Y',
  },
  'safety-alerts': {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  'lost-found-posts': {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Site search's index: staff see it and set a boost; only the searched collections write it.
  'search-index': {
    read: /*          */ '- - - - Y Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - - -',
  },
  // The outbox: only admins see or remove a mail; the job queue alone writes them.
  mails: {
    read: /*          */ '- - - - - Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - Y',
  },
  comments: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Written only through POST /api/reactions/toggle.
  reactions: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - Y - Y Y',
  },
  stories: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  events: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Written only through POST /api/follows/toggle; who follows is the follower's own business.
  follows: {
    read: /*          */ '- - Y - Y Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - -',
  },
  // Written only through POST /api/events/:id/rsvp.
  'event-rsvps': {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - Y - Y Y',
  },
  discussions: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  polls: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Cast only through POST /api/polls/:id/vote; a voter reads their own, counts are public.
  'poll-votes': {
    read: /*          */ '- - Y - Y Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - Y Y',
  },
  'local-businesses': {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Staff pin badges; the spot's owner (here: owner) has no say.
  'business-badges': {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Awarded by the server or staff; the holder (here: owner) cannot award or edit their own.
  'user-badges': {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Static pages (about, terms…): everyone reads, only staff write.
  pages: {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - Y Y',
    update: /*        */ '- - - - Y Y',
    delete: /*        */ '- - - - Y Y',
  },
  // Members report through POST /api/reports/send; only staff read reports and decide them.
  reports: {
    read: /*          */ '- - - - Y Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - -',
  },
  // The public moderation log: anyone reads it, only the server's decisions write it.
  'moderation-actions': {
    read: /*          */ 'Y Y Y Y Y Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - -',
  },
  // The staff audit: admins read it; only server hooks write it, and nobody changes or removes it.
  'staff-audit': {
    read: /*          */ '- - - - - Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - -',
  },
  // A member's push devices: only the member (and admins) read or forget one; the device
  // endpoint and the push job write them.
  'push-subscriptions': {
    read: /*          */ '- - Y - - Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - Y - - Y',
  },
  // The push outbox: written by the dispatch job, read and cleared by admins only.
  'push-messages': {
    read: /*          */ '- - - - - Y',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - Y',
  },
  // Private messages: only their commands read or write them (src/contracts/messages.ts), for
  // their two members alone; the REST routes answer nothing to anyone, staff included.
  conversations: {
    read: /*          */ '- - - - - -',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - -',
  },
  messages: {
    read: /*          */ '- - - - - -',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - -',
  },
  // Blocks: the blocker reads theirs through GET /api/blocks; the blocked member is never told.
  blocks: {
    read: /*          */ '- - - - - -',
    create: /*        */ '- - - - - -',
    update: /*        */ '- - - - - -',
    delete: /*        */ '- - - - - -',
  },
}

/**
 * Members' writes through the commands (COMMAND_WRITES in ./matrix): the same rules, now the one
 * way a member writes these. Visitors are asked to sign in (401). Staff may use them too.
 */
const BY_COMMAND: Record<string, Partial<Record<Exclude<Op, 'read'>, string>>> = {
  //                   visitor member owner creator editor admin
  // Submitted by any signed-in user; edited by its creator (here owner = creator) and staff.
  neighbourhoods: {
    create: /*        */ '- Y Y Y Y Y',
    update: /*        */ '- - Y Y Y Y',
  },
  // The product offers no review delete: authors edit, staff moderate.
  reviews: {
    create: /*        */ '- Y Y Y Y Y',
    update: /*        */ '- - Y - Y Y',
  },
  ...Object.fromEntries(
    ['comments', 'stories', 'events', 'discussions', 'polls', 'local-businesses'].map((slug) => [
      slug,
      {
        create: /*    */ '- Y Y Y Y Y',
        // A local spot's owner edits within 7 days (fixtures are fresh) and deletes any time.
        update: /*    */ '- - Y - Y Y',
        delete: /*    */ '- - Y - Y Y',
      },
    ]),
  ),
}

const allowedBy = (row: string): Record<Role, boolean> => {
  const marks = row.split(' ')
  if (marks.length !== ROLES.length) throw new Error(`bad expectation row '${row}'`)
  return Object.fromEntries(ROLES.map((role, i) => [role, marks[i] === 'Y'])) as Record<
    Role,
    boolean
  >
}

let world: World
let cells = 0
const started = Date.now()

beforeAll(async () => {
  world = await makeWorld(await startTestSite())
})
afterAll(async () => {
  console.log(
    `access matrix: ${cells} cells asserted in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  await world?.site.close()
})

const api = (method: string, url: string, options: { body?: unknown; cookie?: string } = {}) =>
  world.site.api(method, url, options) as Promise<Result>

const show = (result: Result) => `${result.status} ${JSON.stringify(result.body).slice(0, 300)}`
const isAllowed = (status: number) => status >= 200 && status < 300
const REFUSED = [401, 403, 404]
const expectAllowed = (result: Result) => expect(isAllowed(result.status), show(result)).toBe(true)
const expectRefused = (result: Result, statuses = REFUSED) =>
  expect(statuses, show(result)).toContain(result.status)
const errorMessage = (result: Result) => result.body.errors?.[0]?.message

/** Read fixtures are shared per collection (reads change nothing); writes get fresh ones. */
const readFixtures = new Map<string, Promise<Fixture>>()
const readFixture = (spec: CollectionSpec) => {
  if (!readFixtures.has(spec.slug)) readFixtures.set(spec.slug, spec.fixture(world))
  return readFixtures.get(spec.slug)!
}

async function runCell(spec: CollectionSpec, op: Op, role: Role, allowed: boolean) {
  cells++
  const url = `/api/${spec.slug}`
  // 404 counts as a refusal only where the role may not even read the document.
  const refusals = allowedBy(EXPECTED[spec.slug]!.read)[role] ? [401, 403] : REFUSED
  if (op === 'read') {
    const fixture = await readFixture(spec)
    const read = await api('GET', `${url}/${fixture.id}`, {
      cookie: cookieFor(world, role, fixture),
    })
    if (allowed) {
      expectAllowed(read)
      expect(read.body.id).toBe(fixture.id)
    } else {
      expectRefused(read)
    }
    return
  }
  if (op === 'create') {
    const body = await createBody(world, spec)
    const before = await count(world, spec.slug)
    const created = (await postCreate(world, spec, body, cookieFor(world, role))) as Result
    if (allowed) {
      expect(created.status, show(created)).toBe(201)
      expect(await count(world, spec.slug)).toBe(before + 1)
    } else {
      expectRefused(created, [401, 403])
      expect(await count(world, spec.slug)).toBe(before)
    }
    return
  }
  const { fixture, cookie, before, field, value } = await existing(spec, role)
  if (op === 'update') {
    expect(before[field]).not.toEqual(value)
    const patched = await api('PATCH', `${url}/${fixture.id}`, { body: { [field]: value }, cookie })
    const after = (await stored(world, spec.slug, fixture.id))!
    if (allowed) {
      expectAllowed(patched)
      expect(after[field]).toEqual(value)
    } else {
      expectRefused(patched, refusals)
      expect(after[field]).toEqual(before[field])
    }
    return
  }
  const deleted = await api('DELETE', `${url}/${fixture.id}`, { cookie })
  const after = await stored(world, spec.slug, fixture.id)
  if (allowed) {
    expectAllowed(deleted)
    expect(after).toBeNull()
  } else {
    expectRefused(deleted, refusals)
    expect(after?.id).toBe(fixture.id)
  }
}

describe.each(SPECS)('$slug', (spec) => {
  const table = EXPECTED[spec.slug]
  it('has a row for every operation', () => {
    expect(table, `no expectations for ${spec.slug}`).toBeDefined()
  })
  describe.each([...OPS])('%s', (op) => {
    const expected = allowedBy(table?.[op] ?? '- - - - - -')
    it.each(ROLES.map((role) => ({ role, verdict: expected[role] ? 'allowed' : 'refused' })))(
      'by $role: $verdict',
      ({ role }) => runCell(spec, op, role, expected[role]),
    )
  })
})

/** An existing document for a cell, the role's cookie for it, and the change an update makes. */
async function existing(spec: CollectionSpec, role: Role) {
  const fixture = await spec.fixture(world)
  const before = (await stored(world, spec.slug, fixture.id))!
  const { field } = spec.update
  return {
    fixture,
    cookie: cookieFor(world, role, fixture),
    before,
    field,
    value: spec.update.value(role),
  }
}

/** One cell of a member's write through its command: allowed, or refused and nothing changed. */
async function runCommandCell(spec: CollectionSpec, op: Exclude<Op, 'read'>, role: Role) {
  cells++
  const allowed = allowedBy(BY_COMMAND[spec.slug]![op]!)[role]
  if (op === 'create') {
    const body = await createBody(world, spec)
    const before = await count(world, spec.slug)
    const created = await commandWrite(world, spec.slug, 'create', {
      body,
      cookie: cookieFor(world, role),
    })
    if (allowed) expect(created.status, show(created)).toBe(201)
    else expectRefused(created, [401, 403])
    expect(await count(world, spec.slug)).toBe(before + (allowed ? 1 : 0))
    return
  }
  const { fixture, cookie, before, field, value } = await existing(spec, role)
  if (op === 'update') {
    const patched = await commandWrite(world, spec.slug, 'update', {
      id: fixture.id,
      body: { [field]: value },
      cookie,
    })
    const after = (await stored(world, spec.slug, fixture.id))!
    if (allowed) expectAllowed(patched)
    else expectRefused(patched, [401, 403])
    expect(after[field]).toEqual(allowed ? value : before[field])
    return
  }
  const deleted = await commandWrite(world, spec.slug, 'delete', { id: fixture.id, cookie })
  if (allowed) expectAllowed(deleted)
  else expectRefused(deleted, [401, 403])
  expect((await stored(world, spec.slug, fixture.id))?.id).toBe(allowed ? undefined : fixture.id)
}

describe.each(SPECS.filter((spec) => COMMAND_WRITES[spec.slug]))(
  '$slug through its commands',
  (spec) => {
    it.each(COMMAND_WRITES[spec.slug]!.flatMap((op) => ROLES.map((role) => ({ op, role }))))(
      '$op by $role',
      ({ op, role }) => runCommandCell(spec, op, role),
    )
  },
)

it("states each collection's member verbs through its commands, and only those", () => {
  expect(Object.keys(BY_COMMAND).sort()).toEqual(Object.keys(COMMAND_WRITES).sort())
  for (const [slug, ops] of Object.entries(COMMAND_WRITES))
    expect(Object.keys(BY_COMMAND[slug]!).sort(), slug).toEqual([...ops].sort())
})

it('covers every registered collection', async () => {
  const { collections } = await import('@collections')
  // Payload appends its own (payload-preferences, …) to the same array when it builds the config.
  const ours = collections.map((c) => c.slug).filter((slug) => !slug.startsWith('payload-'))
  expect(SPECS.map((s) => s.slug).sort()).toEqual(ours.sort())
  expect(Object.keys(EXPECTED).sort()).toEqual(ours.sort())
})

/**
 * Fields only the server sets. A member's PATCH of their own document (with a legitimate edit
 * alongside, which must succeed) leaves them as they were; a member's create cannot choose them.
 */
interface ServerSetField {
  slug: string
  field: string
  attempt: (world: World) => unknown
  /** Also try it on create (as `member`); what must be stored instead (default: not the attempt). */
  onCreate?: false | ((world: World) => unknown)
}
/** Someone else: neither the owner who patches nor the member who creates. */
const otherUser = (w: World) => w.users.admin.id
const SERVER_SET: ServerSetField[] = [
  { slug: 'users', field: 'role', attempt: () => 'admin', onCreate: () => 'member' },
  {
    slug: 'neighbourhoods',
    field: 'createdBy',
    attempt: (w) => w.users.admin.id,
    onCreate: (w) => w.users.member.id,
  },
  { slug: 'neighbourhoods', field: 'location', attempt: () => 'POINT(1 1)' },
  { slug: 'neighbourhoods', field: 'populationEstimate', attempt: () => 999_999 },
  { slug: 'reviews', field: 'user', attempt: otherUser, onCreate: (w) => w.users.member.id },
  {
    slug: 'reviews',
    field: 'neighbourhood',
    attempt: (w) => w.otherNeighbourhood,
    onCreate: false,
  },
  { slug: 'reviews', field: 'reactionCount', attempt: () => 99, onCreate: () => 0 },
  { slug: 'reviews', field: 'commentCount', attempt: () => 99, onCreate: () => 0 },
  { slug: 'reviews', field: 'hidden', attempt: () => true, onCreate: () => false },
  { slug: 'reviews', field: 'createdAt', attempt: () => '2000-01-01T00:00:00.000Z' },
  { slug: 'media', field: 'uploadedBy', attempt: otherUser, onCreate: (w) => w.users.member.id },
  { slug: 'media', field: 'purpose', attempt: () => 'neighbourhood-image', onCreate: false },
  { slug: 'notifications', field: 'user', attempt: otherUser, onCreate: false },
  { slug: 'notifications', field: 'type', attempt: () => 'badge', onCreate: false },
  { slug: 'notifications', field: 'message', attempt: () => 'Forged words.', onCreate: false },
  { slug: 'comments', field: 'author', attempt: otherUser, onCreate: (w) => w.users.member.id },
  { slug: 'comments', field: 'hidden', attempt: () => true, onCreate: () => false },
  { slug: 'comments', field: 'reactionCount', attempt: () => 99, onCreate: () => 0 },
  { slug: 'comments', field: 'depth', attempt: () => 2, onCreate: () => 0 },
  { slug: 'comments', field: 'targetId', attempt: () => 999_999, onCreate: false },
  ...['stories', 'events', 'discussions', 'polls', 'local-businesses'].flatMap((slug) => [
    { slug, field: 'author', attempt: otherUser, onCreate: (w: World) => w.users.member.id },
    { slug, field: 'hidden', attempt: () => true, onCreate: () => false },
  ]),
  ...['stories', 'events', 'discussions', 'polls'].map((slug) => ({
    slug,
    field: 'neighbourhood',
    attempt: (w: World) => w.otherNeighbourhood,
    onCreate: false as const,
  })),
  ...['stories', 'discussions', 'local-businesses'].map((slug) => ({
    slug,
    field: 'reactionCount',
    attempt: () => 99,
    onCreate: () => 0,
  })),
  ...['stories', 'discussions'].map((slug) => ({
    slug,
    field: 'commentCount',
    attempt: () => 99,
    onCreate: () => 0,
  })),
  ...['attendingCount', 'interestedCount'].map((field) => ({
    slug: 'events',
    field,
    attempt: () => 99,
    onCreate: () => 0,
  })),
  { slug: 'local-businesses', field: 'createdAt', attempt: () => '2000-01-01T00:00:00.000Z' },
]

const specOf = (slug: string) => SPECS.find((s) => s.slug === slug)!
const comparable = (value: unknown) => {
  const id = idOf(value)
  return id === undefined ? null : id
}

describe('server-set fields a member cannot write', () => {
  it.each(SERVER_SET)(
    'PATCH of own $slug leaves $field unchanged',
    async ({ slug, field, attempt }) => {
      cells++
      const spec = specOf(slug)
      const fixture = await spec.fixture(world)
      const before = (await stored(world, slug, fixture.id))!
      const wanted = attempt(world)
      expect(comparable(before[field])).not.toEqual(wanted)
      const value = spec.update.value('owner')
      const body = { [spec.update.field]: value, [field]: wanted }
      const cookie = cookieFor(world, 'owner', fixture)
      const patched = COMMAND_WRITES[slug]
        ? await commandWrite(world, slug, 'update', { id: fixture.id, body, cookie })
        : await api('PATCH', `/api/${slug}/${fixture.id}`, { body, cookie })
      expectAllowed(patched)
      const after = (await stored(world, slug, fixture.id))!
      expect(after[spec.update.field]).toEqual(value)
      expect(comparable(after[field])).toEqual(comparable(before[field]))
    },
  )

  const onCreate = SERVER_SET.filter((f) => f.onCreate !== false)
  it.each(onCreate)(
    'POST /api/$slug cannot choose $field',
    async ({ slug, field, attempt, onCreate }) => {
      cells++
      const spec = specOf(slug)
      const wanted = attempt(world)
      const body = { ...(await createBody(world, spec)), [field]: wanted }
      // Sign-up is the visitor's create; everything else is a member's.
      const role: Role = slug === 'users' ? 'visitor' : 'member'
      const cookie = cookieFor(world, role)
      const created = COMMAND_WRITES[slug]
        ? await commandWrite(world, slug, 'create', { body, cookie })
        : ((await postCreate(world, spec, body, cookie)) as Result)
      expect(created.status, show(created)).toBe(201)
      const doc = (await stored(world, slug, createdId(created)))!
      const value = comparable(doc[field])
      expect(value).not.toEqual(wanted)
      if (onCreate) expect(value).toEqual(onCreate(world))
    },
  )
})

describe('e-mail privacy', () => {
  const seesEmail: Record<Role, boolean> = {
    visitor: false,
    member: false,
    owner: true,
    creator: false,
    editor: false,
    admin: true,
  }
  const cases = ROLES.map((role) => ({ role, verdict: seesEmail[role] ? 'sees' : 'does not see' }))

  it.each(cases)('$role $verdict the e-mail of a user read by id', async ({ role }) => {
    cells++
    const read = await api('GET', `/api/users/${world.users.owner.id}`, {
      cookie: cookieFor(world, role),
    })
    expectAllowed(read)
    expect(read.body.userName).toBe('owner')
    if (seesEmail[role]) expect(read.body.email).toBe(world.users.owner.email)
    else expect(read.body).not.toHaveProperty('email')
  })

  it.each(cases)('$role $verdict the e-mail of a user in a list', async ({ role }) => {
    cells++
    const list = await api('GET', `/api/users?where[id][equals]=${world.users.owner.id}`, {
      cookie: cookieFor(world, role),
    })
    expectAllowed(list)
    const [doc] = list.body.docs as Doc[]
    expect(doc?.userName).toBe('owner')
    if (seesEmail[role]) expect(doc?.email).toBe(world.users.owner.email)
    else expect(doc).not.toHaveProperty('email')
  })

  const populated = (['visitor', 'member', 'editor'] as const).flatMap((role) => [
    { role, slug: 'stories', field: 'author' },
    { role, slug: 'reviews', field: 'user' },
  ])
  it.each(populated)(
    'a $slug read with depth=2 by $role shows its author without e-mail',
    async ({ role, slug, field }) => {
      cells++
      const fixture = await specOf(slug).fixture(world)
      const read = await api('GET', `/api/${slug}/${fixture.id}?depth=2`, {
        cookie: cookieFor(world, role),
      })
      expectAllowed(read)
      const author = read.body[field] as Doc
      expect(author.userName).toBe('owner')
      expect(author).not.toHaveProperty('email')
    },
  )
})

/** Staff hide content; then only staff find it, by id or in a list. */
const HIDEABLE = [
  'reviews',
  'comments',
  'stories',
  'events',
  'discussions',
  'polls',
  'local-businesses',
]
const SEES_HIDDEN: Record<Role, boolean> = {
  visitor: false,
  member: false,
  owner: false,
  creator: false,
  editor: true,
  admin: true,
}

async function expectVisibility(slug: string, id: number, role: Role, visible: boolean) {
  const cookie = cookieFor(world, role)
  const list = await api('GET', `/api/${slug}?where[id][equals]=${id}`, { cookie })
  expectAllowed(list)
  expect(list.body.totalDocs, `${slug} list as ${role}`).toBe(visible ? 1 : 0)
  const byId = await api('GET', `/api/${slug}/${id}`, { cookie })
  if (visible) {
    expectAllowed(byId)
    expect(byId.body.id).toBe(id)
  } else {
    expectRefused(byId)
  }
}

describe('hidden content', () => {
  const hiddenIds = new Map<string, Promise<number>>()
  const hiddenFixture = (slug: string) => {
    if (!hiddenIds.has(slug)) {
      hiddenIds.set(
        slug,
        specOf(slug)
          .fixture(world, { hidden: true })
          .then((f) => f.id),
      )
    }
    return hiddenIds.get(slug)!
  }
  const cases = HIDEABLE.flatMap((slug) =>
    ROLES.map((role) => ({ slug, role, verdict: SEES_HIDDEN[role] ? 'finds' : 'does not find' })),
  )
  it.each(cases)('$role $verdict a hidden $slug (list and by id)', async ({ slug, role }) => {
    cells++
    const id = await hiddenFixture(slug)
    expect((await stored(world, slug, id))!.hidden).toBe(true)
    await expectVisibility(slug, id, role, SEES_HIDDEN[role])
  })
})

describe('private content (isPublic false)', () => {
  const seesPrivate: Record<Role, boolean> = { ...SEES_HIDDEN, owner: true }
  const privateIds = new Map<string, Promise<number>>()
  const privateFixture = (slug: string) => {
    if (!privateIds.has(slug)) {
      privateIds.set(
        slug,
        specOf(slug)
          .fixture(world, { isPublic: false })
          .then((f) => f.id),
      )
    }
    return privateIds.get(slug)!
  }
  const cases = ['stories', 'events'].flatMap((slug) =>
    ROLES.map((role) => ({ slug, role, verdict: seesPrivate[role] ? 'finds' : 'does not find' })),
  )
  it.each(cases)('$role $verdict a private $slug (list and by id)', async ({ slug, role }) => {
    cells++
    await expectVisibility(slug, await privateFixture(slug), role, seesPrivate[role])
  })
})

describe('local-spot edit window (SPEC §6: owner edits within 7 days, deletes any time)', () => {
  const eightDaysAgo = () => new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString()
  const oldSpot = () => specOf('local-businesses').fixture(world, { createdAt: eightDaysAgo() })

  it('refuses the owner an edit after 7 days', async () => {
    cells++
    const { id } = await oldSpot()
    const patched = await commandWrite(world, 'local-businesses', 'update', {
      id,
      body: { name: 'Too late' },
      cookie: world.users.owner.cookie,
    })
    expect(patched.status, show(patched)).toBe(403)
    expect(errorMessage(patched)).toBe('Editing period has expired.')
    expect((await stored(world, 'local-businesses', id))!.name).not.toBe('Too late')
  })

  it('lets the owner delete after 7 days', async () => {
    cells++
    const { id } = await oldSpot()
    expectAllowed(
      await commandWrite(world, 'local-businesses', 'delete', {
        id,
        cookie: world.users.owner.cookie,
      }),
    )
    expect(await stored(world, 'local-businesses', id)).toBeNull()
  })

  it('lets staff edit after 7 days', async () => {
    cells++
    const { id } = await oldSpot()
    const patched = await api('PATCH', `/api/local-businesses/${id}`, {
      body: { name: 'Renamed by staff' },
      cookie: world.users.editor.cookie,
    })
    expectAllowed(patched)
    expect((await stored(world, 'local-businesses', id))!.name).toBe('Renamed by staff')
  })
})

/**
 * Special endpoints: visitors are refused with the spec's words and nothing is written; every
 * signed-in role may act (the owner on their own content too).
 */
interface Endpoint {
  name: string
  /** Makes a fresh target, returns the URL and body. */
  prepare: (world: World) => Promise<{ url: string; body: object; targetId: number }>
  visitorMessage: string
  /** Rows the action writes for this target (and user, when given). */
  written: (world: World, targetId: number, userId?: number) => Promise<number>
}

const rows = async (slug: string, where: Record<string, unknown>) =>
  (
    await world.site.payload.count({
      collection: slug as never,
      where: Object.fromEntries(Object.entries(where).map(([k, v]) => [k, { equals: v }])),
      overrideAccess: true,
    })
  ).totalDocs

const ownerStory = async (w: World) => (await specOf('stories').fixture(w)).id
const ENDPOINTS: Endpoint[] = [
  {
    name: 'POST /api/reactions/toggle',
    prepare: async (w) => {
      const targetId = await ownerStory(w)
      return {
        url: '/api/reactions/toggle',
        body: { targetKind: 'story', targetId, emoji: 'heart' },
        targetId,
      }
    },
    visitorMessage: 'Login to react',
    written: (_w, targetId, user) =>
      rows('reactions', { targetKind: 'story', targetId, ...(user ? { user } : {}) }),
  },
  {
    name: 'POST /api/comments/new',
    prepare: async (w) => {
      const targetId = await ownerStory(w)
      return {
        url: '/api/comments/new',
        body: { targetKind: 'story', targetId, content: 'Nice one' },
        targetId,
      }
    },
    // SPEC §5 signed-out actions.
    visitorMessage: 'Please login to comment',
    written: (_w, targetId, author) =>
      rows('comments', { targetKind: 'story', targetId, ...(author ? { author } : {}) }),
  },
  {
    name: 'POST /api/events/:id/rsvp',
    prepare: async (w) => {
      const targetId = (await specOf('events').fixture(w)).id
      return { url: `/api/events/${targetId}/rsvp`, body: { status: 'attending' }, targetId }
    },
    visitorMessage: 'You must be logged in',
    written: (_w, event, user) => rows('event-rsvps', { event, ...(user ? { user } : {}) }),
  },
  {
    name: 'POST /api/polls/:id/vote',
    prepare: async (w) => {
      const targetId = (await specOf('polls').fixture(w)).id
      return { url: `/api/polls/${targetId}/vote`, body: { optionIndex: 0 }, targetId }
    },
    visitorMessage: 'You must be logged in to vote.',
    written: (_w, poll, user) => rows('poll-votes', { poll, ...(user ? { user } : {}) }),
  },
  {
    name: 'POST /api/reviews/:id/claim',
    prepare: async (w) => {
      const doc = await local(w, 'reviews', {
        neighbourhood: w.neighbourhood,
        user: null,
        authorName: 'Written before sign-up',
        rating: 5,
        comment: `Unclaimed ${next()}`,
      })
      return { url: `/api/reviews/${doc.id}/claim`, body: {}, targetId: doc.id }
    },
    visitorMessage: 'Please log in to claim this review.',
    written: async (w, id, user) => {
      const claimedBy = idOf((await stored(w, 'reviews', id))?.user)
      return claimedBy && (user === undefined || claimedBy === user) ? 1 : 0
    },
  },
]

describe('special endpoints', () => {
  const cases = ENDPOINTS.flatMap((endpoint) =>
    ROLES.map((role) => ({
      endpoint,
      name: endpoint.name,
      role,
      verdict: role === 'visitor' ? 'refused' : 'allowed',
    })),
  )
  it.each(cases)('$name by $role: $verdict', async ({ endpoint, role }) => {
    cells++
    const { url, body, targetId } = await endpoint.prepare(world)
    const cookie = cookieFor(world, role)
    const before = await endpoint.written(world, targetId)
    const result = await api('POST', url, { body, cookie })
    if (role === 'visitor') {
      expectRefused(result, [401, 403])
      expect(errorMessage(result)).toBe(endpoint.visitorMessage)
      expect(await endpoint.written(world, targetId)).toBe(before)
    } else {
      expectAllowed(result)
      expect(await endpoint.written(world, targetId, world.users[role].id)).toBe(1)
    }
  })
})

/**
 * The forms that change existing content (posted to pages, before or without JavaScript) go by
 * the same table: each makes the API request the island makes, as the person who posted it.
 */
const FORMS: {
  form: string
  collection: string
  op: 'update' | 'delete'
  fields: (id: number) => Record<string, string>
  done: (id: number) => Promise<boolean>
}[] = [
  {
    form: 'editDiscussion',
    collection: 'discussions',
    op: 'update',
    fields: (id) => ({ id: String(id), title: 'Edited by form', content: 'Edited.' }),
    done: async (id) => (await stored(world, 'discussions', id))?.title === 'Edited by form',
  },
  {
    form: 'event',
    collection: 'events',
    op: 'update',
    fields: (id) => ({
      id: String(id),
      title: 'Edited event',
      description: 'Edited.',
      when: '2031-05-01T18:00',
      location: 'The hall',
      isPublic: 'on',
    }),
    done: async (id) => (await stored(world, 'events', id))?.title === 'Edited event',
  },
  {
    form: 'editNeighbourhood',
    collection: 'neighbourhoods',
    op: 'update',
    fields: (id) => ({
      id: String(id),
      name: `Edited Place ${id}`,
      slug: `edited-place-${id}`,
      tagline: 'Edited',
      vibes: 'Calm',
      latitude: '51.5',
      longitude: '-0.1',
    }),
    done: async (id) => (await stored(world, 'neighbourhoods', id))?.tagline === 'Edited',
  },
  ...(
    [
      ['discussion', 'discussions'],
      ['event', 'events'],
      ['comment', 'comments'],
      ['spot', 'local-businesses'],
    ] as const
  ).map(([kind, collection]) => ({
    form: 'remove',
    collection,
    op: 'delete' as const,
    fields: (id: number) => ({ kind, id: String(id), next: '/' }),
    done: async (id: number) => (await stored(world, collection, id)) === null,
  })),
]

describe('forms that edit or delete', () => {
  const cases = FORMS.flatMap((f) =>
    ROLES.map((role) => ({
      ...f,
      role,
      // The forms call the commands: a member's rights are the commands' rights.
      verdict: allowedBy(BY_COMMAND[f.collection]?.[f.op] ?? EXPECTED[f.collection]![f.op])[role]
        ? 'allowed'
        : 'refused',
    })),
  )
  it.each(cases)('$form ($collection $op) by $role: $verdict', async (c) => {
    cells++
    const fixture = await specOf(c.collection).fixture(world)
    const cookie = cookieFor(world, c.role, fixture)
    const call: ApiCall = async (method, path, body) => {
      const res = await world.site.api(method, path, { cookie, ...(body ? { body } : {}) })
      return { status: res.status, body: res.body }
    }
    const fields = new FormData()
    for (const [key, value] of Object.entries(c.fields(fixture.id))) fields.append(key, value)
    const outcome = await formHandlers[c.form]!({
      fields,
      page: new URL('http://site/page'),
      call,
    })
    if (c.verdict === 'allowed') {
      expect(isRefusal(outcome), JSON.stringify(outcome)).toBe(false)
      expect(await c.done(fixture.id)).toBe(true)
    } else {
      // A refusal with its message, or (signed out) the way to sign in; nothing changed.
      const toSignIn = !isRefusal(outcome) && outcome.redirect.startsWith('/login')
      expect(isRefusal(outcome) || toSignIn, JSON.stringify(outcome)).toBe(true)
      if (isRefusal(outcome)) expect(outcome.error.length).toBeGreaterThan(0)
      expect(await c.done(fixture.id)).toBe(false)
    }
  })
})

/** The editors' moderation endpoints: only staff decide or lift; everyone else changes nothing. */
describe("editors' moderation endpoints", () => {
  const cases = ROLES.map((role) => ({
    role,
    verdict: role === 'editor' || role === 'admin' ? 'allowed' : 'refused',
  }))
  it.each(cases)('POST /api/reports/lift by $role: $verdict', async ({ role, verdict }) => {
    cells++
    const member = await local(world, 'users', {
      email: `suspended${next()}@example.test`,
      password: 'a long enough password',
      userName: `suspended${next()}`,
      suspendedUntil: '2099-01-01T00:00:00.000Z',
    })
    const result = await api('POST', '/api/reports/lift', {
      body: { member: member.id },
      cookie: cookieFor(world, role),
    })
    const until = (await stored(world, 'users', member.id))?.suspendedUntil
    if (verdict === 'allowed') {
      expectAllowed(result)
      expect(until).toBeNull()
    } else {
      expectRefused(result, [403])
      expect(until).toBe('2099-01-01T00:00:00.000Z')
    }
  })
})
