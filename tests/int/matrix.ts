import { lexicalDoc } from '@/seed/pages'
import type { CollectionSlug, File } from 'payload'

import { makeUser, type ApiResult, type TestSite } from './harness'
import { makeImage, uploadMedia } from './images'
import { formOpenedEarlier } from '@tests/support/signUpForm'

/**
 * The access matrix of SPEC §6 as data: every collection × role × operation, with the fixtures
 * that make each cell independent. tests/int/access-matrix.test.ts turns it into one test per cell.
 */

export const ROLES = ['visitor', 'member', 'owner', 'creator', 'editor', 'admin'] as const
export type Role = (typeof ROLES)[number]
export const OPS = ['read', 'create', 'update', 'delete'] as const
export type Op = (typeof OPS)[number]
type SignedInRole = Exclude<Role, 'visitor'>

export type TestUser = Awaited<ReturnType<typeof makeUser>>
export type Doc = Record<string, unknown> & { id: number }

/**
 * Who acts:
 * - visitor: no session;
 * - member: a signed-in user unrelated to the document;
 * - owner: the document's author / creator / user (for users: the account itself);
 * - creator: the user who created the neighbourhood the document belongs to (for neighbourhoods
 *   that is the owner); no special rights anywhere else;
 * - editor, admin: staff.
 */
export interface World {
  site: TestSite
  users: Record<SignedInRole, TestUser>
  /** A neighbourhood created by `creator`; all content below belongs to it. */
  neighbourhood: number
  /** A second neighbourhood, for attempts to move content. */
  otherNeighbourhood: number
  png: Buffer
}

/** Server code writing fixtures: no access checks, no live pushes, no rebuilds, no lookups. */
const QUIET = { disableLive: true, disableRevalidate: true, disablePopulation: true }

let sequence = 0
export const next = () => ++sequence

export const idOf = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && 'id' in value ? (value as Doc).id : value

export async function local(
  world: World,
  collection: string,
  data: Record<string, unknown>,
  file?: File,
): Promise<Doc> {
  const doc = await world.site.payload.create({
    collection: collection as CollectionSlug,
    data: data as never,
    overrideAccess: true,
    depth: 0,
    context: QUIET,
    ...(file ? { file } : {}),
  })
  return { ...doc } as Doc
}

export async function stored(world: World, collection: string, id: number): Promise<Doc | null> {
  const doc = await world.site.payload.findByID({
    collection: collection as CollectionSlug,
    id,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  return doc ? ({ ...doc } as Doc) : null
}

export async function count(world: World, collection: string): Promise<number> {
  const { totalDocs } = await world.site.payload.count({
    collection: collection as CollectionSlug,
    overrideAccess: true,
  })
  return totalDocs
}

export interface Fixture {
  id: number
  /** Cookies for roles that this fixture brings along (e.g. the owner of a fresh account). */
  cookies?: Partial<Record<Role, string>>
}

export interface FixtureOptions {
  hidden?: boolean
  isPublic?: boolean
  createdAt?: string
}

export interface CollectionSpec {
  slug: string
  /** A fresh document owned by `owner`, in `creator`'s neighbourhood. */
  fixture: (world: World, options?: FixtureOptions) => Promise<Fixture>
  /** A valid create body (REST, as the acting user). */
  create: (world: World) => Record<string, unknown>
  /** A harmless edit: the field and a value it does not have yet. */
  update: { field: string; value: (role: Role) => unknown }
  /** Uploads go as multipart. */
  multipart?: boolean
}

const future = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString()
const text = (what: string) => `${what} ${next()}`
const owner = (world: World) => world.users.owner.id

async function story(world: World, author: number, options: FixtureOptions = {}) {
  return local(world, 'stories', {
    neighbourhood: world.neighbourhood,
    title: text('Story'),
    description: 'A walk along the canal.',
    author,
    ...options,
  })
}
async function review(world: World, user: number | null, options: FixtureOptions = {}) {
  return local(world, 'reviews', {
    neighbourhood: world.neighbourhood,
    user,
    authorName: user === null ? 'Someone before sign-up' : 'owner',
    rating: 4,
    comment: text('Review'),
    ...options,
  })
}
async function event(world: World, author: number, options: FixtureOptions = {}) {
  return local(world, 'events', {
    neighbourhood: world.neighbourhood,
    title: text('Event'),
    description: 'Street party.',
    eventDate: future(),
    location: 'The square',
    author,
    ...options,
  })
}
async function poll(world: World, author: number, options: FixtureOptions = {}) {
  return local(world, 'polls', {
    neighbourhood: world.neighbourhood,
    question: text('Best bakery?'),
    options: [{ text: 'North' }, { text: 'South' }],
    author,
    ...options,
  })
}
async function business(world: World, author: number, options: FixtureOptions = {}) {
  return local(world, 'local-businesses', {
    neighbourhood: world.neighbourhood,
    name: text('Corner Cafe'),
    category: 'cafe',
    author,
    ...options,
  })
}

export const pngFile = (world: World): File => ({
  data: world.png,
  mimetype: 'image/png',
  name: `matrix-${next()}.png`,
  size: world.png.length,
})

/** A push subscription as a browser makes one (its endpoint unique per device). */
function pushDevice(user: number) {
  return {
    user,
    endpoint: `https://push.example.test/send/${next()}`,
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
    kinds: ['replies'],
    device: 'Chrome on Android',
  }
}

export const SPECS: CollectionSpec[] = [
  {
    slug: 'users',
    fixture: async (world) => {
      const user = await makeUser(world.site, `account${next()}`)
      return { id: user.id, cookies: { owner: user.cookie } }
    },
    create: (world) => {
      const n = next()
      return {
        email: `signup${n}@example.test`,
        password: 'correct horse',
        userName: `signup${n}`,
        ...formOpenedEarlier(world.site.payload),
      }
    },
    update: { field: 'bio', value: (role) => `Bio written by ${role}` },
  },
  {
    slug: 'neighbourhoods',
    // The owner of a neighbourhood is its creator: both roles act as that user.
    fixture: async (world) => {
      const n = next()
      const doc = await local(world, 'neighbourhoods', {
        name: `Matrix Place ${n}`,
        slug: `matrix-place-${n}`,
        tagline: 'Quiet streets',
        vibes: ['Calm'],
        createdBy: owner(world),
      })
      return { id: doc.id, cookies: { creator: world.users.owner.cookie } }
    },
    create: () => {
      const n = next()
      return {
        name: `New Place ${n}`,
        slug: `new-place-${n}`,
        tagline: 'Lively',
        vibes: ['Diverse'],
      }
    },
    update: { field: 'tagline', value: (role) => `Tagline by ${role}` },
  },
  {
    slug: 'reviews',
    fixture: async (world, options) => ({ id: (await review(world, owner(world), options)).id }),
    create: (world) => ({ neighbourhood: world.neighbourhood, rating: 4, comment: 'Lovely park.' }),
    update: { field: 'comment', value: (role) => `Review text by ${role}` },
  },
  {
    slug: 'media',
    multipart: true,
    fixture: async (world) => {
      const doc = await local(
        world,
        'media',
        { purpose: 'review-photo', alt: 'first', uploadedBy: owner(world) },
        pngFile(world),
      )
      return { id: doc.id }
    },
    create: () => ({ purpose: 'review-photo', alt: 'uploaded' }),
    update: { field: 'alt', value: (role) => `Alt text by ${role}` },
  },
  {
    slug: 'notifications',
    fixture: async (world) => {
      const doc = await local(world, 'notifications', {
        user: owner(world),
        type: 'reaction',
        referenceId: '1',
        link: '/',
        message: 'Someone reacted to your review.',
      })
      return { id: doc.id }
    },
    create: (world) => ({ user: owner(world), type: 'reaction', message: 'Forged notification.' }),
    update: { field: 'isRead', value: () => true },
  },
  {
    slug: 'comments',
    fixture: async (world, options) => {
      const target = await review(world, world.users.creator.id)
      const doc = await local(world, 'comments', {
        targetKind: 'review',
        targetId: target.id,
        content: text('Comment'),
        author: owner(world),
        ...options,
      })
      return { id: doc.id }
    },
    create: () => ({ targetKind: 'review', targetId: 0, content: 'Agreed!' }),
    update: { field: 'content', value: (role) => `Comment by ${role}` },
  },
  {
    slug: 'reactions',
    fixture: async (world) => {
      const target = await story(world, world.users.creator.id)
      const doc = await local(world, 'reactions', {
        targetKind: 'story',
        targetId: target.id,
        user: owner(world),
        emoji: 'heart',
      })
      return { id: doc.id }
    },
    create: () => ({ targetKind: 'story', targetId: 0, emoji: 'heart' }),
    update: { field: 'emoji', value: () => 'thumbs-up' },
  },
  {
    slug: 'stories',
    fixture: async (world, options) => ({ id: (await story(world, owner(world), options)).id }),
    create: (world) => ({
      neighbourhood: world.neighbourhood,
      title: 'Market day',
      description: 'Stalls everywhere.',
    }),
    update: { field: 'title', value: (role) => `Story title by ${role}` },
  },
  {
    slug: 'events',
    fixture: async (world, options) => ({ id: (await event(world, owner(world), options)).id }),
    create: (world) => ({
      neighbourhood: world.neighbourhood,
      title: 'Litter pick',
      description: 'Bring gloves.',
      eventDate: future(),
      location: 'The park gate',
    }),
    update: { field: 'title', value: (role) => `Event title by ${role}` },
  },
  {
    slug: 'mails',
    fixture: async (world) => {
      const n = next()
      const doc = await local(world, 'mails', {
        user: owner(world),
        kind: 'replies',
        to: 'owner@example.test',
        subject: 'Someone replied to your comment',
        messageId: `<matrix-${n}@belong.local>`,
      })
      return { id: doc.id }
    },
    create: (world) => ({
      user: owner(world),
      kind: 'replies',
      to: 'forged@example.test',
      subject: 'Forged mail',
      messageId: '<forged@belong.local>',
    }),
    update: { field: 'subject', value: (role) => `Subject by ${role}` },
  },
  {
    slug: 'follows',
    // One follow per member and neighbourhood: each fixture follows a place of its own.
    fixture: async (world) => {
      const n = next()
      const place = await local(world, 'neighbourhoods', {
        name: `Followed Place ${n}`,
        slug: `followed-place-${n}`,
        tagline: 'Followed',
        vibes: ['Calm'],
      })
      const doc = await local(world, 'follows', { user: owner(world), neighbourhood: place.id })
      return { id: doc.id }
    },
    create: (world) => ({ neighbourhood: world.neighbourhood }),
    update: { field: 'user', value: () => 999_999 },
  },
  {
    slug: 'event-rsvps',
    fixture: async (world) => {
      const target = await event(world, world.users.creator.id)
      const doc = await local(world, 'event-rsvps', {
        event: target.id,
        user: owner(world),
        status: 'attending',
      })
      return { id: doc.id }
    },
    create: () => ({ event: 0, status: 'attending' }),
    update: { field: 'status', value: () => 'interested' },
  },
  {
    slug: 'discussions',
    fixture: async (world, options) => {
      const doc = await local(world, 'discussions', {
        neighbourhood: world.neighbourhood,
        title: text('Discussion'),
        content: 'Parking on Sundays?',
        author: owner(world),
        ...options,
      })
      return { id: doc.id }
    },
    create: (world) => ({ neighbourhood: world.neighbourhood, title: 'Bins', content: 'When?' }),
    update: { field: 'title', value: (role) => `Discussion title by ${role}` },
  },
  {
    slug: 'polls',
    fixture: async (world, options) => ({ id: (await poll(world, owner(world), options)).id }),
    create: (world) => ({
      neighbourhood: world.neighbourhood,
      question: 'Best pub?',
      options: [{ text: 'The Crown' }, { text: 'The Anchor' }],
    }),
    update: { field: 'question', value: (role) => `Question by ${role}?` },
  },
  {
    slug: 'poll-votes',
    fixture: async (world) => {
      const target = await poll(world, world.users.creator.id)
      const doc = await local(world, 'poll-votes', {
        poll: target.id,
        user: owner(world),
        optionIndex: 0,
      })
      return { id: doc.id }
    },
    create: () => ({ poll: 0, optionIndex: 0 }),
    update: { field: 'optionIndex', value: () => 1 },
  },
  {
    slug: 'local-businesses',
    fixture: async (world, options) => ({ id: (await business(world, owner(world), options)).id }),
    create: (world) => ({
      neighbourhood: world.neighbourhood,
      name: 'Fade Barbers',
      category: 'barber',
    }),
    update: { field: 'name', value: (role) => `Spot named by ${role}` },
  },
  {
    // The owner of a badge is the owner of the local spot it is pinned on.
    slug: 'business-badges',
    fixture: async (world) => {
      const spot = await business(world, owner(world))
      const doc = await local(world, 'business-badges', {
        business: spot.id,
        label: 'Local favourite',
        colour: '#0f766e',
      })
      return { id: doc.id }
    },
    create: () => ({ business: 0, label: 'New', colour: '#123456' }),
    update: { field: 'label', value: (role) => `Label ${role}` },
  },
  {
    // The owner of a user badge is the user who holds it.
    slug: 'user-badges',
    fixture: async (world) => {
      const doc = await local(world, 'user-badges', {
        user: owner(world),
        badgeName: text('Explorer'),
        colour: '#2563eb',
      })
      return { id: doc.id }
    },
    create: (world) => ({ user: owner(world), badgeName: text('Self-awarded'), colour: '#123456' }),
    update: { field: 'badgeName', value: (role) => `Badge by ${role}` },
  },
  {
    slug: 'pages',
    fixture: async (world) => {
      const doc = await local(world, 'pages', {
        title: 'A page',
        slug: `page-${next()}`,
        body: lexicalDoc([{ p: 'Some words.' }]),
      })
      return { id: doc.id }
    },
    create: () => ({
      title: 'New page',
      slug: `new-page-${next()}`,
      body: lexicalDoc([{ p: 'Some words.' }]),
    }),
    update: { field: 'title', value: (role) => `Title by ${role}` },
  },
  {
    // Reports are written only through POST /api/reports/send and read by staff alone.
    slug: 'reports',
    fixture: async (world) => {
      const doc = await local(world, 'reports', {
        targetKind: 'review',
        targetId: 1_000_000 + next(),
        reporter: owner(world),
        reason: 'spam',
        weight: 1,
      })
      return { id: doc.id }
    },
    create: (world) => ({
      targetKind: 'review',
      targetId: 1_000_000 + next(),
      reporter: owner(world),
      reason: 'spam',
      weight: 1,
    }),
    update: { field: 'status', value: () => 'dismissed' },
  },
  {
    // The public moderation log: written only by the server's decisions.
    slug: 'moderation-actions',
    fixture: async (world) => {
      const doc = await local(world, 'moderation-actions', {
        action: 'hidden',
        targetKind: 'review',
        targetId: next(),
        reason: 'spam',
      })
      return { id: doc.id }
    },
    create: () => ({ action: 'hidden', targetKind: 'review', targetId: next(), reason: 'spam' }),
    update: { field: 'reason', value: () => 'abuse' },
  },
  {
    slug: 'staff-audit',
    fixture: async (world) => {
      const doc = await local(world, 'staff-audit', {
        action: 'role-changed',
        actor: world.users.admin.id,
        actorName: 'admin',
        targetKind: 'user',
        targetId: owner(world),
        targetUser: owner(world),
        summary: 'role: member → editor',
        changes: [{ field: 'role', before: 'member', after: 'editor' }],
      })
      return { id: doc.id }
    },
    create: (world) => ({ action: 'suspended', targetKind: 'user', targetId: owner(world) }),
    update: { field: 'summary', value: (role) => `Rewritten by ${role}` },
  },
  {
    slug: 'push-subscriptions',
    fixture: async (world) => {
      const doc = await local(world, 'push-subscriptions', pushDevice(owner(world)))
      return { id: doc.id }
    },
    create: (world) => pushDevice(owner(world)),
    update: { field: 'device', value: (role) => `Renamed by ${role}` },
  },
  {
    slug: 'push-messages',
    fixture: async (world) => {
      const device = await local(world, 'push-subscriptions', pushDevice(owner(world)))
      const doc = await local(world, 'push-messages', { subscription: device.id })
      return { id: doc.id }
    },
    create: () => ({ sentAt: new Date().toISOString() }),
    update: { field: 'sentAt', value: () => new Date().toISOString() },
  },
  {
    // The owner's conversation with the member (the owner wrote first).
    slug: 'conversations',
    fixture: async (world) => {
      const doc = await local(world, 'conversations', {
        pairKey: `matrix-${next()}`,
        starter: owner(world),
        recipient: world.users.member.id,
      })
      return { id: doc.id }
    },
    create: (world) => ({ pairKey: `forged-${next()}`, starter: world.users.member.id }),
    update: { field: 'title', value: (role) => `Renamed by ${role}` },
  },
  {
    slug: 'messages',
    fixture: async (world) => {
      const conversation = await local(world, 'conversations', {
        pairKey: `matrix-${next()}`,
        starter: owner(world),
        recipient: world.users.member.id,
      })
      const doc = await local(world, 'messages', {
        conversation: conversation.id,
        sender: owner(world),
        body: 'Private words',
      })
      return { id: doc.id }
    },
    create: () => ({ conversation: 1, body: 'Forged' }),
    update: { field: 'body', value: (role) => `Changed by ${role}` },
  },
  {
    slug: 'blocks',
    fixture: async (world) => {
      const blocked = await makeUser(world.site, `blocked${next()}`)
      const doc = await local(world, 'blocks', { blocker: owner(world), blocked: blocked.id })
      return { id: doc.id }
    },
    create: (world) => ({ blocker: world.users.member.id, blocked: owner(world) }),
    update: { field: 'blocked', value: () => 999_999 },
  },
  {
    // Members list, edit and change status through the market's commands; REST writes are staff's.
    slug: 'market-items',
    fixture: async (world, options) => {
      const doc = await local(world, 'market-items', {
        neighbourhood: world.neighbourhood,
        kind: 'free',
        title: text('Chair'),
        expiresAt: '2031-01-01T00:00:00.000Z',
        author: owner(world),
        ...options,
      })
      return { id: doc.id }
    },
    create: (world) => ({
      neighbourhood: world.neighbourhood,
      kind: 'wanted',
      title: 'A ladder',
      expiresAt: '2031-01-01T00:00:00.000Z',
    }),
    update: { field: 'title', value: (role) => `Item titled by ${role}` },
  },
  {
    // Raised through safety.raise, verified through safety.verify; REST writes are staff's.
    slug: 'safety-alerts',
    fixture: async (world, options) => {
      const doc = await local(world, 'safety-alerts', {
        neighbourhood: world.neighbourhood,
        category: 'road',
        title: text('Road closed'),
        body: 'Burst main.',
        happenedAt: '2026-01-01T10:00:00.000Z',
        author: owner(world),
        ...options,
      })
      return { id: doc.id }
    },
    create: (world) => ({
      neighbourhood: world.neighbourhood,
      category: 'other',
      title: 'Loose dog',
      body: 'Friendly.',
      happenedAt: '2026-01-01T10:00:00.000Z',
    }),
    update: { field: 'title', value: (role) => `Alert titled by ${role}` },
  },
  {
    // Posted, edited and marked reunited through the lostFound commands; REST writes are staff's.
    slug: 'lost-found-posts',
    fixture: async (world, options) => {
      const doc = await local(world, 'lost-found-posts', {
        neighbourhood: world.neighbourhood,
        kind: 'lost',
        what: 'keys',
        title: text('Keys'),
        seenAt: '2026-01-01T10:00:00.000Z',
        latitude: 51.5,
        longitude: -0.12,
        status: 'open',
        author: owner(world),
        ...options,
      })
      return { id: doc.id }
    },
    create: (world) => ({
      neighbourhood: world.neighbourhood,
      kind: 'found',
      what: 'bag',
      title: 'Blue bag',
      seenAt: '2026-01-01T10:00:00.000Z',
      latitude: 51.5,
      longitude: -0.12,
      status: 'open',
    }),
    update: { field: 'title', value: (role) => `Post titled by ${role}` },
  },
  {
    // Site search's index: written by the searched collections' hooks; editors set a boost.
    slug: 'search-index',
    fixture: async (world) => {
      const { id } = await story(world, owner(world))
      const { docs } = await world.site.payload.find({
        collection: 'search-index',
        where: { kind: { equals: 'story' }, docId: { equals: id } },
        overrideAccess: true,
        depth: 0,
      })
      return { id: docs[0]!.id }
    },
    create: () => ({ kind: 'story', docId: 1_000_000 + next(), title: 'Forged entry' }),
    update: { field: 'boost', value: (role) => (ROLES.indexOf(role) + 1) / 10 },
  },
]

/**
 * Creates that need a target made first (the `0` ids above are filled in here), so that a
 * refusal is about access, never about a missing target.
 */
export async function createBody(world: World, spec: CollectionSpec) {
  const body = spec.create(world)
  const creator = world.users.creator.id
  switch (spec.slug) {
    case 'comments':
      return { ...body, targetId: (await review(world, creator)).id }
    case 'reactions':
      return { ...body, targetId: (await story(world, creator)).id }
    case 'event-rsvps':
      return { ...body, event: (await event(world, creator)).id }
    case 'poll-votes':
      return { ...body, poll: (await poll(world, creator)).id }
    case 'business-badges':
      return { ...body, business: (await business(world, owner(world))).id }
    default:
      return body
  }
}

/** POST /api/<slug> as the role (multipart for uploads). */
export function postCreate(world: World, spec: CollectionSpec, body: object, cookie?: string) {
  if (spec.multipart) {
    return uploadMedia(
      world.site,
      { data: world.png, name: `upload-${next()}.png`, type: 'image/png' },
      body as Record<string, unknown>,
      cookie,
    )
  }
  return world.site.api('POST', `/api/${spec.slug}`, { body, cookie })
}

/**
 * The collections whose members write only through their commands, and the verbs those have
 * (create POST /api/<slug>/new, update PATCH /api/<slug>/{id}/details, delete POST
 * /api/<slug>/{id}/delete). Payload's own REST routes for them are staff's.
 */
export const COMMAND_WRITES: Record<string, Exclude<Op, 'read'>[]> = {
  neighbourhoods: ['create', 'update'],
  reviews: ['create', 'update'],
  comments: ['create', 'update', 'delete'],
  stories: ['create', 'update', 'delete'],
  events: ['create', 'update', 'delete'],
  discussions: ['create', 'update', 'delete'],
  polls: ['create', 'update', 'delete'],
  'local-businesses': ['create', 'update', 'delete'],
}

/** The neighbourhood form sends every field: the stored ones, for an edit of one of them. */
async function neighbourhoodForm(world: World, id: number) {
  const { name, slug, tagline, vibes, latitude, longitude } = (await stored(
    world,
    'neighbourhoods',
    id,
  ))!
  return { name, slug, tagline, vibes, latitude, longitude }
}

/** A member's write as the islands and forms send it: through the kind's command. */
export async function commandWrite(
  world: World,
  slug: string,
  op: Exclude<Op, 'read'>,
  { id, body = {}, cookie }: { id?: number; body?: Record<string, unknown>; cookie?: string },
): Promise<Result> {
  const { site } = world
  if (op === 'create') return site.api('POST', `/api/${slug}/new`, { body, cookie })
  if (op === 'delete') return site.api('POST', `/api/${slug}/${id}/delete`, { cookie })
  const form = slug === 'neighbourhoods' ? await neighbourhoodForm(world, id!) : {}
  return site.api('PATCH', `/api/${slug}/${id}/details`, { body: { ...form, ...body }, cookie })
}

/** The id a create answered: Payload's and most commands' `doc`, a review's or comment's own. */
export function createdId(result: Result): number {
  const body = result.body as Record<string, { id?: unknown } | undefined>
  return Number((body.doc ?? body.review ?? body.comment)?.id)
}

/** The session a role acts with: none for visitors; the fixture's own where it brings one. */
export function cookieFor(world: World, role: Role, fixture?: Fixture): string | undefined {
  if (role === 'visitor') return undefined
  return fixture?.cookies?.[role] ?? world.users[role].cookie
}

export async function makeWorld(site: TestSite): Promise<World> {
  const users = {
    member: await makeUser(site, 'member'),
    owner: await makeUser(site, 'owner'),
    creator: await makeUser(site, 'creator'),
    editor: await makeUser(site, 'editor', 'editor'),
    admin: await makeUser(site, 'admin', 'admin'),
  }
  const world = { site, users, neighbourhood: 0, otherNeighbourhood: 0, png: await makeImage() }
  const place = (name: string, createdBy: number) =>
    local(world, 'neighbourhoods', {
      name,
      slug: name.toLowerCase().replace(/ /g, '-'),
      tagline: 'A place',
      vibes: ['Creative'],
      createdBy,
    })
  world.neighbourhood = (await place('Creators Corner', users.creator.id)).id
  world.otherNeighbourhood = (await place('Elsewhere', users.member.id)).id
  return world
}

export type Result = ApiResult<Record<string, unknown> & { errors?: { message: string }[] }>
