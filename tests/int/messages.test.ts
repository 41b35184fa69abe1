import { afterAll, describe, expect, it } from 'vitest'

import { openCases } from '@/data/moderationQueue'
import { MODERATION_TEXT } from '@/rules/moderation'
import { PRIVATE_MESSAGE_TEXT as TEXT, REMOVED_MESSAGE } from '@/rules/privateMessages'
import { pgPool } from '@/server/database/db'
import { watchSite } from '@/server/observability/figures'
import { siteHealth } from '@/server/observability/siteHealth'
import { answerChecker } from '@tests/support/apiDescription'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { makeUser, quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * Private messages over HTTP against the site's own server, as the islands and the forms send
 * them: starting, sending, reading, paging, 'Seen', who may write, blocks, limits, reports and a
 * deleted account. Every refusal is checked to change nothing.
 */
const env: Record<string, string> = {
  // Room for the file's other writes; the message limits stay as the site has them.
  RATE_LIMITS: JSON.stringify({ write: { max: 5000 }, newAccountWrite: { max: 5000 } }),
}
let http: HttpSite
let place: number
let serial = 0
afterAll(() => http?.close())

const people = { members: ['alice', 'bob'], staff: { editor: 'eddie' }, env, timeout: 120_000 }
const { site, alice, bob, editor } = testSiteForFile(people, async () => {
  http = await serveOverHttp(site.payload)
  place = await quietPlace(site, 'Askby', 'Quiet streets')
  await established(alice)
  await established(bob)
})

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)

/** A member older than a day with a confirmed e-mail: the regular limits. */
async function established(user: TestUser) {
  await sql(
    `UPDATE users SET created_at = now() - interval '2 days', email_confirmed_at = now() WHERE id = $1`,
    [user.id],
  )
}
const member = async (prefix: string, old = true) => {
  const user = await makeUser(site, `${prefix}${++serial}`)
  if (old) await established(user)
  return user
}

interface Answer<T> {
  status: number
  body: T & { errors?: { message: string }[] }
  headers: Headers
  message?: string
}
async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  user: TestUser | null,
  body?: unknown,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { origin: http.base }
  if (user) headers.cookie = user.cookie
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${http.base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const parsed = (text ? JSON.parse(text) : {}) as Answer<T>['body']
  return {
    status: response.status,
    body: parsed,
    headers: response.headers,
    message: parsed.errors?.[0]?.message,
  }
}

interface Message {
  id: number
  sender: number | null
  mine: boolean
  text: string
}
interface Started {
  id: number
  created: boolean
  message: Message
}
interface Conversation {
  id: number
  title: string | null
  about: { kind: string; id: number; excerpt: string | null; href: string | null } | null
  messages: Message[]
  earlier: number | null
  seen: number | null
  cannotSend: string | null
  closed: boolean
}
interface List {
  docs: { id: number; unread: boolean; last: { text: string } | null }[]
  hasNextPage: boolean
  unread: number
}

const start = (from: TestUser | null, to: unknown, text: unknown, extra = {}) =>
  call<Started>('POST', '/api/conversations/start', from, { to, text, ...extra })
const send = (from: TestUser | null, id: unknown, text: unknown) =>
  call<Message>('POST', `/api/conversations/${String(id)}/messages`, from, { text })
const read = (user: TestUser | null, id: unknown, query = '') =>
  call<Conversation>('GET', `/api/conversations/${String(id)}/messages${query}`, user)
const list = (user: TestUser, query = '') =>
  call<List>('GET', `/api/conversations/mine${query}`, user)
const seen = (user: TestUser | null, id: unknown) =>
  call('POST', `/api/conversations/${String(id)}/seen`, user, {})
const block = (user: TestUser, other: number, blocked = true) =>
  call('POST', '/api/blocks/set', user, { user: other, blocked })

/** Everything a refusal must leave as it was: conversations, messages, blocks and reports. */
async function snapshot() {
  const { rows } = await sql(
    `SELECT (SELECT count(*) FROM conversations)::int AS c, (SELECT count(*) FROM messages)::int AS m,
            (SELECT count(*) FROM blocks)::int AS b, (SELECT count(*) FROM reports)::int AS r,
            (SELECT max(updated_at) FROM conversations) AS touched`,
  )
  return rows[0] as Record<string, unknown>
}
async function refusedWithoutChange(
  attempt: () => Promise<Answer<unknown>>,
  status: number,
  message?: string,
) {
  const before = await snapshot()
  const answer = await attempt()
  expect([answer.status, answer.message], JSON.stringify(answer.body)).toEqual([
    status,
    message ?? answer.message,
  ])
  expect(answer.headers.get('cache-control') ?? 'private, no-store').toMatch(/no-store/)
  expect(await snapshot()).toEqual(before)
  return answer
}

describe('a conversation between two members', () => {
  it('starts from a profile, is listed newest first and unread, read, marked seen, then Seen', async () => {
    const [ann, ben] = [await member('ann'), await member('ben')]
    const first = await start(ann, ben.id, 'Is the street loud on Friday nights?')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('private, no-store')
    expect(first.body).toMatchObject({ created: true, message: { mine: true, sender: ann.id } })
    const id = first.body.id

    const again = await start(ann, ben.id, 'And on Saturdays?')
    expect(again.body).toMatchObject({ id, created: false })

    const bensList = await list(ben)
    expect(bensList.headers.get('cache-control')).toBe('private, no-store')
    expect(bensList.body.unread).toBe(1)
    expect(bensList.body.docs[0]).toMatchObject({
      id,
      unread: true,
      last: { text: 'And on Saturdays?' },
    })
    expect((await list(ann)).body.docs[0]).toMatchObject({ id, unread: false })

    const opened = await read(ben, id)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('cache-control')).toBe('private, no-store')
    expect(opened.body.messages.map((m) => [m.text, m.mine])).toEqual([
      ['Is the street loud on Friday nights?', false],
      ['And on Saturdays?', false],
    ])
    expect((await read(ann, id)).body.seen).toBeNull()
    expect((await seen(ben, id)).status).toBe(200)
    expect((await list(ben)).body.unread).toBe(0)
    expect((await read(ann, id)).body.seen).toBe(again.body.message.id)

    const reply = await send(ben, id, 'Quiet after eleven. See https://example.org/noise')
    expect(reply.status).toBe(200)
    expect((await list(ann)).body.docs[0]).toMatchObject({ id, unread: true })
    // The header's count comes with the page's one state request.
    const state = await call<{ messages?: number }>('GET', '/api/users/state', ann)
    expect(state.body.messages).toBe(1)
  })

  it('starts from a review, titled with its neighbourhood, showing the review', async () => {
    const [asker, reviewer] = [await member('asker'), await member('reviewer')]
    const review = await call<{ review: { id: number } }>('POST', '/api/reviews/new', reviewer, {
      neighbourhood: place,
      rating: 4,
      comment: 'Leafy and calm, the station is ten minutes away.',
    })
    expect(review.status).toBe(201)
    const reviewId = review.body.review.id
    const started = await start(asker, reviewer.id, 'How is the walk in winter?', {
      aboutKind: 'review',
      aboutId: reviewId,
    })
    expect(started.status).toBe(200)
    const opened = await read(reviewer, started.body.id)
    expect(opened.body).toMatchObject({
      title: 'Askby',
      about: {
        kind: 'review',
        id: reviewId,
        excerpt: 'Leafy and calm, the station is ten minutes away.',
        href: `/neighbourhood/askby#review-${reviewId}`,
      },
    })
    // About a review, the pair has a conversation of its own beside the profile's.
    const plain = await start(asker, reviewer.id, 'Hello')
    expect(plain.body.created).toBe(true)
    expect(plain.body.id).not.toBe(started.body.id)
    // A review by someone else is not a way to write to this member.
    await refusedWithoutChange(
      () => start(asker, alice.id, 'Hi', { aboutKind: 'review', aboutId: reviewId }),
      422,
      TEXT.notAboutTheirs,
    )
    await refusedWithoutChange(
      () => start(asker, reviewer.id, 'Hi', { aboutKind: 'review', aboutId: 2 ** 30 }),
      404,
      TEXT.unknownAbout,
    )
  })

  it('opens with the newest 50 messages and pages back through earlier ones', async () => {
    const [a, b] = [await member('pager'), await member('paged')]
    const { id } = (await start(a, b.id, 'message 1')).body
    await sql(
      `INSERT INTO messages (conversation_id, sender_id, body, created_at, updated_at)
       SELECT $1, CASE WHEN i % 2 = 0 THEN $2::int ELSE $3::int END, 'message ' || i,
              now() + i * interval '1 millisecond', now()
         FROM generate_series(2, 120) i`,
      [id, a.id, b.id],
    )
    const newest = (await read(b, id)).body
    expect(newest.messages).toHaveLength(50)
    expect(newest.messages.at(-1)!.text).toBe('message 120')
    expect(newest.messages[0]!.text).toBe('message 71')
    const earlier = (await read(b, id, `?before=${newest.earlier}`)).body
    expect(earlier.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `message ${i + 21}`),
    )
    const first = (await read(b, id, `?before=${earlier.earlier}`)).body
    expect(first.messages).toHaveLength(20)
    expect(first.earlier).toBeNull()
    expect((await read(b, id, '?before=x')).status).toBe(400)
  })

  it('lists conversations newest first, twenty to a page', async () => {
    const reader = await member('popular')
    const others = await Promise.all(Array.from({ length: 21 }, () => member('fan')))
    for (const other of others) await start(other, reader.id, `Hello from ${other.id}`)
    const page1 = (await list(reader)).body
    expect(page1.docs).toHaveLength(20)
    expect(page1.hasNextPage).toBe(true)
    expect(page1.unread).toBe(21)
    expect(page1.docs[0]!.last?.text).toBe(`Hello from ${others.at(-1)!.id}`)
    const page2 = (await list(reader, '?page=2')).body
    expect(page2.docs.map((d) => d.last?.text)).toEqual([`Hello from ${others[0]!.id}`])
    expect(page2.hasNextPage).toBe(false)
  })
})

describe('refusals change nothing', () => {
  it('messages of the wrong length, oneself, unknown members and visitors', async () => {
    const [a, b] = [await member('sizer'), await member('sized')]
    const { id } = (await start(a, b.id, 'Hi')).body
    await refusedWithoutChange(() => send(a, id, ''), 400, TEXT.empty)
    await refusedWithoutChange(() => send(a, id, '   '), 400, TEXT.empty)
    await refusedWithoutChange(() => send(a, id, 'x'.repeat(2001)), 400, TEXT.tooLong)
    expect((await send(a, id, 'x'.repeat(2000))).status).toBe(200)
    await refusedWithoutChange(() => start(a, a.id, 'Me?'), 422, TEXT.yourself)
    await refusedWithoutChange(() => start(a, 2 ** 30, 'Anyone?'), 404, TEXT.unknownMember)
    await refusedWithoutChange(() => start(a, 'x', 'Anyone?'), 400, TEXT.unknownMember)
    await refusedWithoutChange(() => start(null, b.id, 'Hi'), 401, TEXT.signIn)
    await refusedWithoutChange(() => send(null, id, 'Hi'), 401, TEXT.signIn)
    expect((await read(null, id)).status).toBe(401)
  })

  it("another member's conversation answers 404 and reveals nothing", async () => {
    const [a, b, stranger] = [await member('priv'), await member('priv'), await member('nosy')]
    const { id, message } = (await start(a, b.id, 'Just between us')).body
    const unknown = 2 ** 30
    for (const probe of [id, unknown]) {
      const answer = await read(stranger, probe)
      expect([answer.status, answer.body]).toEqual([404, { errors: [{ message: TEXT.notFound }] }])
      expect(answer.headers.get('cache-control')).toBe('private, no-store')
      await refusedWithoutChange(() => send(stranger, probe, 'Hi'), 404, TEXT.notFound)
      await refusedWithoutChange(() => seen(stranger, probe), 404, TEXT.notFound)
      await refusedWithoutChange(
        () =>
          call('POST', `/api/conversations/${probe}/messages/${message.id}/report`, stranger, {
            reason: 'spam',
          }),
        404,
        TEXT.notFound,
      )
    }
    expect(JSON.stringify((await list(stranger)).body)).not.toContain('Just between us')
    // Staff read no message either: the collections' own routes and the admin are closed.
    for (const user of [editor, stranger]) {
      for (const path of [
        '/api/messages',
        '/api/conversations',
        `/api/messages/${message.id}`,
        `/api/conversations/${id}`,
      ]) {
        const answer = await call('GET', path, user)
        expect(JSON.stringify(answer.body)).not.toContain('Just between us')
        expect(answer.status, path).toBeGreaterThanOrEqual(400)
      }
    }
    expect((await read(editor, id)).status).toBe(404)
  })

  it("'Nobody', 'Only about my reviews and items', suspended and blocked members", async () => {
    const [writer, quiet, picky, away] = [
      await member('writer'),
      await member('quiet'),
      await member('picky'),
      await member('away'),
    ]
    await sql(`UPDATE users SET messages_from = 'nobody' WHERE id = $1`, [quiet.id])
    await sql(`UPDATE users SET messages_from = 'about' WHERE id = $1`, [picky.id])
    await sql(`UPDATE users SET suspended_until = now() + interval '7 days' WHERE id = $1`, [
      away.id,
    ])
    await refusedWithoutChange(() => start(writer, quiet.id, 'Hi'), 403, TEXT.notTaking)
    await refusedWithoutChange(() => start(writer, picky.id, 'Hi'), 403, TEXT.onlyAbout)
    const review = await call<{ review: { id: number } }>('POST', '/api/reviews/new', picky, {
      neighbourhood: place,
      rating: 5,
      comment: 'Ask me about the park.',
    })
    expect(
      (
        await start(writer, picky.id, 'The park?', {
          aboutKind: 'review',
          aboutId: review.body.review.id,
        })
      ).status,
    ).toBe(200)
    await refusedWithoutChange(() => start(writer, away.id, 'Hi'), 403, TEXT.suspended)
    // A suspended member cannot send at all.
    const suspendedSend = await refusedWithoutChange(() => start(away, writer.id, 'Hi'), 403)
    expect(suspendedSend.message).toMatch(/^Your account is suspended until/)
  })

  it("a block stops both sides, leaves the blocker's list, is not told, and is undone", async () => {
    const [blocker, blocked] = [await member('blocker'), await member('blockee')]
    const { id } = (await start(blocked, blocker.id, 'Hello?')).body
    expect((await block(blocker, blocked.id)).body).toEqual({ user: blocked.id, blocked: true })
    expect((await block(blocker, blocked.id)).status).toBe(200)
    await refusedWithoutChange(() => send(blocked, id, 'Still there?'), 403, TEXT.notTaking)
    await refusedWithoutChange(() => start(blocked, blocker.id, 'Hi again'), 403, TEXT.notTaking)
    await refusedWithoutChange(() => send(blocker, id, 'Go away'), 403, TEXT.youBlocked)
    expect((await list(blocker)).body.docs.map((d) => d.id)).not.toContain(id)
    // The blocked member's side is unchanged: nothing says they were blocked.
    const theirs = await read(blocked, id)
    expect(theirs.body.cannotSend).toBeNull()
    expect((await list(blocked)).body.docs.map((d) => d.id)).toContain(id)
    expect((await read(blocker, id)).body.cannotSend).toBe(TEXT.youBlocked)
    const blockedList = await call<{ docs: { id: number }[] }>('GET', '/api/blocks/mine', blocker)
    expect(blockedList.body.docs.map((d) => d.id)).toEqual([blocked.id])
    expect((await call<{ docs: unknown[] }>('GET', '/api/blocks/mine', blocked)).body.docs).toEqual(
      [],
    )
    await refusedWithoutChange(() => block(blocker, blocker.id), 422, TEXT.yourself)
    await refusedWithoutChange(() => block(blocker, 2 ** 30), 404, TEXT.unknownMember)
    expect((await block(blocker, blocked.id, false)).body).toEqual({
      user: blocked.id,
      blocked: false,
    })
    expect((await send(blocked, id, 'Friends again?')).status).toBe(200)
    expect((await list(blocker)).body.docs.map((d) => d.id)).toContain(id)
  })
})

describe('limits', () => {
  it('a new or unconfirmed account starts 3 conversations a day, an established one 20', async () => {
    const fresh = await member('fresh', false)
    const others = await Promise.all(Array.from({ length: 4 }, () => member('target')))
    for (const other of others.slice(0, 3))
      expect((await start(fresh, other.id, 'Hi')).status).toBe(200)
    const over = await refusedWithoutChange(() => start(fresh, others[3]!.id, 'Hi'), 429)
    expect(over.message).toMatch(
      /^You can start at most 3 conversations a day\. Try again in \d+ seconds\.$/,
    )
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    // Adding to a conversation already started is not a new one.
    expect((await start(fresh, others[0]!.id, 'Me again')).status).toBe(200)

    const regular = await member('regular')
    const many = await Promise.all(Array.from({ length: 21 }, () => member('many')))
    for (const other of many.slice(0, 20))
      expect((await start(regular, other.id, 'Hi')).status).toBe(200)
    const twentyFirst = await refusedWithoutChange(() => start(regular, many[20]!.id, 'Hi'), 429)
    expect(twentyFirst.message).toMatch(/^You can start at most 20 conversations a day/)
  })

  it('sends 30 messages a minute, then 429 with Retry-After', async () => {
    const [chatty, listener] = [await member('chatty'), await member('listener')]
    const { id } = (await start(chatty, listener.id, 'First')).body
    for (let i = 0; i < 30; i++) expect((await send(chatty, id, `m${i}`)).status).toBe(200)
    const over = await refusedWithoutChange(() => send(chatty, id, 'one more'), 429)
    expect(over.message).toMatch(
      /^You can send at most 30 messages a minute\. Try again in \d+ seconds\.$/,
    )
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
    // The other member's sends are their own.
    expect((await send(listener, id, 'Slow down')).status).toBe(200)
  })
})

describe('reports, the live channel and leaving', () => {
  it('a reported message reaches the queue with the five before it, and nothing else', async () => {
    const [a, b] = [await member('reported'), await member('reporter')]
    const { id } = (await start(a, b.id, 'm0')).body
    let last = 0
    for (let i = 1; i <= 7; i++) {
      const from = i % 2 ? b : a
      const sent = await send(from, id, `m${i}`)
      if (from === a) last = sent.body.id
    }
    const path = `/api/conversations/${id}/messages/${last}/report`
    const sent = await call('POST', path, b, { reason: 'abuse', note: 'Rude' })
    expect([sent.status, sent.body]).toEqual([200, { message: TEXT.reported }])
    await refusedWithoutChange(
      () => call('POST', path, b, { reason: 'abuse' }),
      409,
      MODERATION_TEXT.already,
    )
    await refusedWithoutChange(
      () => call('POST', path, a, { reason: 'abuse' }),
      403,
      MODERATION_TEXT.own,
    )
    await refusedWithoutChange(
      () => call('POST', path, b, { reason: 'nope' }),
      400,
      MODERATION_TEXT.reasonNeeded,
    )
    // Not through the generic report: only one of the two members may report a message.
    await refusedWithoutChange(
      () =>
        call('POST', '/api/reports/send', editor, {
          targetKind: 'message',
          targetId: last,
          reason: 'spam',
        }),
      404,
      MODERATION_TEXT.gone,
    )
    const queued = (await openCases(site.payload)).find(
      (c) => c.kind === 'message' && c.id === last,
    )
    // The reported message (m6) last, after the five before it, each with its sender's name.
    const lines = queued?.text.split('\n') ?? []
    expect(lines.map((line) => line.replace(/^[^:]+: /, ''))).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
      'm5',
      'm6',
    ])
    expect(lines.at(-1)).toMatch(/^reported\d+: m6$/)
    expect(queued?.author?.id).toBe(a.id)
    // An editor's Suspend upholds it; the message itself is never hidden or shown elsewhere.
    const decided = await call('POST', '/api/reports/decide', editor, {
      cases: [{ targetKind: 'message', targetId: last }],
      action: 'suspend',
      length: 'week',
    })
    expect(decided.status).toBe(200)
    const { rows } = await sql(`SELECT suspended_until > now() AS s FROM users WHERE id = $1`, [
      a.id,
    ])
    expect(rows[0]).toEqual({ s: true })
  })

  it("the realtime auth refuses another member's private channel", async () => {
    const auth = (user: TestUser, channel: string) =>
      call('POST', '/api/realtime/auth', user, { socket_id: '123.456', channel_name: channel })
    expect((await auth(alice, `private-user-${alice.id}`)).status).toBe(200)
    expect((await auth(alice, `private-user-${bob.id}`)).status).toBe(403)
  })

  it("'Download my data' holds the member's conversations: both sides' messages", async () => {
    const [mine, theirs, stranger] = [
      await member('exporter'),
      await member('other'),
      await member('x'),
    ]
    const { id } = (await start(mine, theirs.id, 'Mine first')).body
    await send(theirs, id, 'Their reply')
    await start(theirs, stranger.id, 'Not in the export')
    const answer = await call<{ conversations: unknown[] }>('GET', '/api/users/me/export', mine)
    expect(answer.status).toBe(200)
    expect(answer.body.conversations).toEqual([
      {
        id,
        title: null,
        with: expect.stringMatching(/^other\d+$/),
        messages: [
          { from: 'me', text: 'Mine first', at: expect.any(String) },
          { from: 'them', text: 'Their reply', at: expect.any(String) },
        ],
      },
    ])
  })

  it("deleting an account removes its messages' text and closes its conversations", async () => {
    const [leaver, stayer] = [await member('leaver'), await member('stayer')]
    const { id } = (await start(leaver, stayer.id, 'My secret address')).body
    await send(stayer, id, 'Thanks!')
    await site.payload.delete({ collection: 'users', id: leaver.id })
    const after = await read(stayer, id)
    expect(after.body.messages.map((m) => m.text)).toEqual([REMOVED_MESSAGE, 'Thanks!'])
    expect(after.body).toMatchObject({ closed: true, cannotSend: TEXT.closed })
    await refusedWithoutChange(() => send(stayer, id, 'Hello?'), 409, TEXT.closed)
    const { rows } = await sql(`SELECT count(*)::int AS n FROM messages WHERE body LIKE '%secret%'`)
    expect(rows[0]).toEqual({ n: 0 })
  })

  it('site health counts messages per day and open message reports, never their text', async () => {
    const [a, b] = [await member('counted'), await member('counted')]
    const { id } = (await start(a, b.id, 'Counted but unread by staff')).body
    const sent = await send(b, id, 'Reported, still not in health')
    await call('POST', `/api/conversations/${id}/messages/${sent.body.id}/report`, a, {
      reason: 'spam',
    })
    watchSite({ pool: pgPool(site.payload), realtimeUp: () => undefined })
    const line = (await siteHealth()).lines.find((l) => l.title === 'Private messages')!
    const { rows } = await sql(
      `SELECT count(*)::int AS n FROM messages WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    )
    const { rows: open } = await sql(
      `SELECT count(*)::int AS n FROM reports WHERE target_kind = 'message' AND status = 'open'`,
    )
    expect(line.summary).toContain(`${rows[0].n.toLocaleString('en-GB')} messages sent today`)
    expect(line.summary).toContain(`${open[0].n} reported message`)
    expect(JSON.stringify(line)).not.toMatch(/Counted but|Reported, still/)
  })

  it('answers as the API description says', async () => {
    const description = await call<Record<string, unknown>>('GET', '/api/openapi.json', null)
    const check = answerChecker(description.body)
    const paths = description.body.paths as Record<string, unknown>
    // The collections' own routes are closed and left out: only the commands are described.
    expect(
      Object.keys(paths).filter((p) =>
        /^\/api\/(messages|blocks|conversations)(\/\{id\})?$/.test(p),
      ),
    ).toEqual([])
    const [a, b] = [await member('described'), await member('described')]
    const started = await start(a, b.id, 'Hi')
    const answers: [string, string, Answer<unknown>][] = [
      ['POST', '/api/conversations/start', started],
      ['POST', '/api/conversations/start', await start(a, a.id, 'Hi')],
      [
        'POST',
        `/api/conversations/${started.body.id}/messages`,
        await send(b, started.body.id, 'Yo'),
      ],
      ['GET', '/api/conversations/mine', await list(b)],
      ['GET', `/api/conversations/${started.body.id}/messages`, await read(b, started.body.id)],
      ['GET', `/api/conversations/${2 ** 30}/messages`, await read(b, 2 ** 30)],
      ['POST', `/api/conversations/${started.body.id}/seen`, await seen(b, started.body.id)],
      ['POST', '/api/blocks/set', await block(a, b.id, false)],
    ]
    for (const [method, url, answer] of answers)
      expect(check(method, url, answer.status, answer.body).problem, url).toBeNull()
  })
})
