import http from 'node:http'
import type { AddressInfo } from 'node:net'

import fc from 'fast-check'
import { handleEndpoints, type CollectionSlug } from 'payload'
import { afterAll, describe, expect, it } from 'vitest'

import { formHandlers } from '@/forms'
import { isRefusal } from '@/forms/types'
import { handleFormPost } from '@/server/http/formPosts'
import { apiCallAs, createAs, quietPlace, testSiteForFile } from './harness'

/**
 * Forms posted to pages (src/server/http/formPosts.ts): the browser's own encodings reach the same API
 * requests the islands make; a success is a 303 with a one-time message, a refusal renders the
 * page again with what was typed (never a password) and writes nothing; whatever a stranger
 * posts, never a 5xx.
 */
let server: http.Server
let base: string
let neighbourhood: number
let discussion: number
let poll: number
/** What the page renderer was asked to show, by request. */
const rendered: App.Locals[] = []

const people = { named: { member: 'former' }, timeout: 120_000 } as const
const { site, member } = testSiteForFile(people, async () => {
  neighbourhood = await quietPlace(site, 'Formby', 'Posted')
  const post = (path: string, body: Record<string, unknown>) => createAs(site, member, path, body)
  discussion = await post('/api/discussions', { title: 'T', content: 'C' })
  poll = await post('/api/polls', { question: 'Q?', options: [{ text: 'a' }, { text: 'b' }] })

  // The form mechanism as src/server/site/site.ts wires it (limits aside: tested in faults).
  server = http.createServer((req, res) => {
    void handleFormPost(req, res, {
      handlers: formHandlers,
      origin: base,
      callApi: (request) => handleEndpoints({ config: site.payload.config, request }),
      renderPage: (_req, pageRes, locals) => {
        rendered.push(locals)
        pageRes.writeHead(422, { 'content-type': 'application/json' })
        pageRes.end(JSON.stringify(locals))
      },
      secureCookies: false,
    }).then((handled) => {
      if (!handled) res.writeHead(404).end('not a form')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
// Registered after the site's own hooks, so it runs before the site closes.
afterAll(() => {
  server?.close()
})

const send = (path: string, body: URLSearchParams | FormData | string, cookie?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body,
  })

const count = async (collection: CollectionSlug) =>
  (await site.payload.count({ collection })).totalDocs

describe('a form posted the way a browser posts it', () => {
  it('signs in (urlencoded): 303 to ?next=, the session cookie and the one-time message cookie', async () => {
    const res = await send(
      '/login?next=%2Fmap&_form=login',
      new URLSearchParams({ email: member.email, password: member.password, remember: 'on' }),
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/map')
    const cookies = res.headers.getSetCookie()
    expect(cookies.some((c) => c.startsWith('payload-token=') && /Expires=/i.test(c))).toBe(true)
    expect(cookies.some((c) => c.startsWith('belong_flash=') && /HttpOnly/.test(c))).toBe(true)
  })

  it('a refused sign-in renders the page with the message and the e-mail, never the password', async () => {
    rendered.length = 0
    const res = await send(
      '/login?_form=login',
      new URLSearchParams({ email: member.email, password: 'wrong-password-here' }),
    )
    expect(res.status).toBe(422)
    expect(res.headers.getSetCookie().some((c) => c.startsWith('payload-token=ey'))).toBe(false)
    const { form } = rendered[0]!
    expect(form).toMatchObject({ name: 'login', values: { email: member.email } })
    expect(form!.error).toBe('The email or password provided is incorrect.')
    expect(JSON.stringify(form)).not.toContain('wrong-password-here')
  })

  it('a review with a photo (multipart) is written with its image; back to its page', async () => {
    const { default: sharp } = await import('sharp')
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer()
    const body = new FormData()
    body.set('neighbourhood', String(neighbourhood))
    body.set('rating', '4')
    body.set('comment', 'Posted as a form, photo and all.')
    body.set('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'street.png')
    const res = await send('/neighbourhood/formby?_form=review', body, member.cookie)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/neighbourhood/formby')
    expect(decodeURIComponent(res.headers.getSetCookie().join(';'))).toContain(
      'Thanks for your review!',
    )
    const { docs } = await site.payload.find({
      collection: 'reviews',
      where: { comment: { equals: 'Posted as a form, photo and all.' } },
      depth: 0,
    })
    expect(docs).toHaveLength(1)
    expect(docs[0]!.rating).toBe(4)
    expect(docs[0]!.photo).toEqual(expect.any(Number))
  })

  it('signed out, a review is refused with the spec message and nothing is written', async () => {
    const before = await count('reviews')
    rendered.length = 0
    const res = await send(
      '/neighbourhood/formby?_form=review',
      new URLSearchParams({ neighbourhood: String(neighbourhood), comment: 'Anonymous?' }),
    )
    expect(res.status).toBe(422)
    expect(rendered[0]!.form!.error).toBe('Please login to submit a review')
    expect(rendered[0]!.form!.values.comment).toBe('Anonymous?')
    expect(await count('reviews')).toBe(before)
  })

  it('anything but a browser form encoding is 415; an unknown form is 404', async () => {
    expect((await send('/login?_form=login', '{"email":"a"}')).status).toBe(415)
    expect((await send('/x?_form=nope', new URLSearchParams({ a: 'b' }))).status).toBe(404)
    expect((await send('/x?_form=constructor', new URLSearchParams({ a: 'b' }))).status).toBe(404)
  })
})

describe('generated bodies in the browser encodings, over HTTP', () => {
  it('any form name, any fields, urlencoded or multipart, signed in or not: never a 5xx', async () => {
    const names = [...Object.keys(formHandlers), 'nope', '']
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names),
        fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 60 })), {
          maxLength: 6,
        }),
        fc.boolean(),
        fc.boolean(),
        async (name, pairs, multipart, signedIn) => {
          const body = multipart ? new FormData() : new URLSearchParams()
          for (const [key, value] of pairs) body.append(key, value)
          const res = await send(
            `/page?_form=${encodeURIComponent(name)}`,
            body,
            signedIn ? member.cookie : undefined,
          )
          await res.arrayBuffer()
          expect([303, 400, 404, 422]).toContain(res.status)
        },
      ),
      { numRuns: 60, seed: 11 },
    )
  }, 120_000)
})

describe('generated form bodies against every form', () => {
  // What a stranger can put in a form: any text under any of the form's names, or others.
  const fieldsOf: Record<string, string[]> = {
    login: ['email', 'password', 'remember'],
    register: ['username', 'email', 'password', 'name'],
    createProfile: ['username'],
    forgotPassword: ['email'],
    resetPassword: ['password', 'confirm'],
    review: ['neighbourhood', 'rating', 'comment', 'authorName'],
    comment: ['targetKind', 'targetId', 'parent', 'content'],
    reaction: ['targetKind', 'targetId', 'emoji'],
    follow: ['neighbourhood'],
    vote: ['poll', 'optionIndex'],
    rsvp: ['event', 'status'],
    poll: ['question', 'options', 'closeDate', 'neighbourhood', 'addOption'],
    discussion: ['title', 'content', 'tags', 'neighbourhood'],
    story: ['neighbourhood', 'title', 'description', 'tags', 'isPublic'],
    neighbourhood: ['name', 'slug', 'tagline', 'vibes', 'latitude', 'longitude'],
    profile: ['name', 'bio'],
    notificationRead: ['id'],
    notificationsRead: [],
    spot: ['name', 'category', 'description', 'address', 'googleMapsUrl', 'neighbourhood'],
    event: ['title', 'description', 'when', 'location', 'tags', 'isPublic', 'neighbourhood'],
    editNeighbourhood: ['id', 'name', 'slug', 'tagline', 'vibes', 'latitude', 'longitude'],
    editDiscussion: ['id', 'title', 'content'],
    report: ['kind', 'id', 'reason', 'note', 'next'],
    appeal: ['kind', 'id', 'note'],
    unsubscribe: ['token', 'on'],
    notificationSettings: [
      'replies',
      'comments',
      'newEvents',
      'reactions',
      'pollVotes',
      'emailTiming',
      'weeklyDigest',
    ],
    // Never the member's password ('correct horse'): these only ever refuse.
    deleteAccount: ['password'],
    confirmAccountDeletion: ['token'],
    loginCode: ['code'],
    twoFactorStart: [],
    twoFactorConfirm: ['code'],
    twoFactorDisable: ['password'],
    // The member has no passkeys: every id is someone else's or none.
    passkeyRename: ['id', 'name'],
    passkeyRemove: ['id'],
    // Random ids: never one of the member's sessions. The other: ends only sessions unused here.
    sessionSignOut: ['sid'],
    sessionsSignOutOthers: [],
    messageSend: ['conversation', 'text'],
    conversationStart: ['to', 'text', 'review'],
    memberBlock: ['user', 'blocked'],
    messageReport: ['conversation', 'message', 'reason', 'note'],
    messageSettings: ['from'],
    raiseAlert: [
      'neighbourhood',
      'category',
      'title',
      'body',
      'happenedAt',
      'latitude',
      'longitude',
    ],
    marketItem: ['neighbourhood', 'kind', 'title', 'description', 'price', 'condition', 'street'],
    marketStatus: ['item', 'status'],
    marketRenew: ['item', 'token'],
    lostFound: [
      'neighbourhood',
      'kind',
      'what',
      'title',
      'description',
      'seenAt',
      'latitude',
      'longitude',
    ],
    lostFoundStatus: ['post', 'status'],
    // Last: it may delete the discussion the other forms name.
    remove: ['kind', 'id', 'next'],
  }
  const value = () =>
    fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ' ', '0', '-1', '1e309', String(neighbourhood), String(discussion)),
      fc.constantFrom(String(poll), 'discussion', 'heart', 'attending', '2030-01-01T10:00'),
      fc.constantFrom('Calm', '51.5', '-0.07', 'formby', 'Cafe', 'https://maps.google.com/?q=1'),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      // Past the longest field a form has (a bio's 500 characters).
      fc.constant('b'.repeat(501)),
    )
  const watched: CollectionSlug[] = [
    'reviews',
    'comments',
    'reactions',
    'poll-votes',
    'polls',
    'discussions',
    'event-rsvps',
    'stories',
    'neighbourhoods',
    'events',
    'local-businesses',
    'follows',
    'conversations',
    'messages',
    'blocks',
  ]
  const snapshot = () => Promise.all(watched.map(count))

  it('covers every form the site has', () => {
    expect(Object.keys(fieldsOf).sort()).toEqual(Object.keys(formHandlers).sort())
  })

  for (const [name, names] of Object.entries(fieldsOf)) {
    it(`${name}: never throws; a refusal has a message and writes nothing`, async () => {
      const handler = formHandlers[name]!
      let refused = 0
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom(...names, 'x'), value()), { maxLength: 8 }),
          async (pairs) => {
            const fields = new FormData()
            for (const [key, v] of pairs) fields.append(key, v)
            const call = apiCallAs(site, member)
            const before = await snapshot()
            const outcome = await handler({
              fields,
              page: new URL('http://site/neighbourhood/formby'),
              call,
            })
            if (isRefusal(outcome)) {
              refused++
              // '+ Add option' is the one refusal without a message: the form comes back longer.
              if (!fields.has('addOption')) expect(outcome.error.length).toBeGreaterThan(0)
              expect(await snapshot()).toEqual(before)
            } else {
              expect(outcome.redirect.startsWith('/')).toBe(true)
            }
          },
        ),
        { numRuns: 40, seed: 7 },
      )
      // Buttons (reaction, follow, vote, RSVP, mark all read, set up two-factor, sign out everywhere
      // else, block, report a message, mark reunited) always go back to their page, a refusal as its message; the others must have met
      // their rules at least once.
      const buttons = [
        'reaction',
        'follow',
        'vote',
        'rsvp',
        'notificationsRead',
        'twoFactorStart',
        'sessionsSignOutOthers',
        'memberBlock',
        'messageReport',
        'lostFoundStatus',
      ]
      if (!buttons.includes(name)) expect(refused).toBeGreaterThan(0)
    }, 120_000)
  }
})
