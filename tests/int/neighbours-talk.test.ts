import { describe, expect, it } from 'vitest'

import { reaction } from '@/forms/buttons'
import { comment } from '@/forms/comments'
import { isRefusal } from '@/forms/types'
import { ALERT_MESSAGES } from '@/rules/safetyAlerts'
import type { CommentTargetKind } from '@/rules/targets'
import { pgPool } from '@/server/database/db'
import { answerChecker } from '@tests/support/apiDescription'
import {
  apiCallAs,
  formFields,
  NO_LIVE,
  placeFields,
  testSiteForFile,
  type TestUser,
} from './harness'

/**
 * Comments and reactions on market items, lost and found posts and verified safety alerts,
 * through the house's one comments and reactions mechanism, over HTTP and as plain forms.
 */
const HOME = { latitude: 51.539, longitude: -0.1426 }
let place: number
let check: ReturnType<typeof answerChecker>

const people = { members: ['poster', 'neighbour'], staff: { editor: 'talkeddie' } } as const
const { site, poster, neighbour, editor } = testSiteForFile(people, async () => {
  const doc = await site.payload.create({
    collection: 'neighbourhoods',
    data: { ...placeFields('Talkby', 'Neighbours talk'), ...HOME },
    context: NO_LIVE,
  })
  place = doc.id
  await db().query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [poster.id])
  check = answerChecker((await site.api('GET', '/api/openapi.json')).body as never)
})

const db = () => pgPool(site.payload)
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString()

type Answer = {
  id?: number
  doc?: { id: number }
  comment?: { id: number }
  errors?: { message: string }[]
}
const as = (user: TestUser, method: string, url: string, body: unknown) =>
  site.api<Answer>(method, url, { body, cookie: user.cookie })
const messageOf = (answer: { body: Answer }) => answer.body.errors?.[0]?.message

/** Each kind posted through its own command, by `poster`. */
async function posted(kind: CommentTargetKind): Promise<number> {
  const answer =
    kind === 'market-item'
      ? await as(poster, 'POST', '/api/market-items/new', {
          neighbourhood: place,
          kind: 'free',
          title: 'Garden chairs',
          description: 'Two, a bit weathered.',
          condition: 'fair',
        })
      : kind === 'lost-found'
        ? await as(poster, 'POST', '/api/lost-found-posts/post', {
            neighbourhood: place,
            kind: 'found',
            what: 'keys',
            title: 'Keys on a red fob',
            description: 'By the bus stop.',
            seenAt: hourAgo(),
            latitude: HOME.latitude + 0.002,
            longitude: HOME.longitude,
          })
        : await as(poster, 'POST', '/api/safety-alerts/raise', {
            neighbourhood: place,
            category: 'road',
            title: 'Burst main on Elm Row',
            body: 'The road is flooded by the bridge.',
            happenedAt: hourAgo(),
          })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body.id!
}

const toggle = (user: TestUser, targetKind: string, targetId: number, emoji = 'heart') =>
  as(user, 'POST', '/api/reactions/toggle', { targetKind, targetId, emoji })
const say = (user: TestUser, targetKind: string, targetId: number, content: string) =>
  as(user, 'POST', '/api/comments/new', { targetKind, targetId, content })

const counters = async (table: string, id: number) =>
  (
    await db().query(
      `SELECT reaction_count::int AS reactions, comment_count::int AS comments
         FROM ${table} WHERE id = $1`,
      [id],
    )
  ).rows[0] as { reactions: number; comments: number }

const TABLE = {
  'market-item': 'market_items',
  'lost-found': 'lost_found_posts',
  'safety-alert': 'safety_alerts',
} as const

const LINK = {
  'market-item': (id: number) => `/market/${id}`,
  'lost-found': (id: number) => `/lost-found/${id}`,
  'safety-alert': (id: number) => `/safety/${id}`,
} as const

describe('comments and reactions on the neighbours’ posts', () => {
  for (const kind of ['market-item', 'lost-found', 'safety-alert'] as const) {
    it(`${kind}: a neighbour reacts and comments, its poster is told, the counts follow`, async () => {
      const id = await posted(kind)
      if (kind === 'safety-alert')
        expect((await as(editor, 'POST', `/api/safety-alerts/${id}/verify`, {})).status).toBe(200)

      const reacted = await toggle(neighbour, kind, id)
      expect(reacted.status, JSON.stringify(reacted.body)).toBe(200)
      expect(reacted.body).toMatchObject({ mine: 'heart', counts: { heart: 1 }, total: 1 })
      expect(
        check('POST', '/api/reactions/toggle', reacted.status, reacted.body).problem,
      ).toBeNull()

      const said = await say(neighbour, kind, id, 'Is this still about?')
      expect(said.status, JSON.stringify(said.body)).toBe(201)
      const commentId = said.body.comment!.id
      const reply = await as(poster, 'POST', '/api/comments/new', {
        targetKind: kind,
        targetId: id,
        parent: commentId,
        content: 'Yes, come by.',
      })
      expect(reply.status).toBe(201)
      const onComment = await toggle(poster, `${kind}-comment`, commentId, 'thumbs-up')
      expect(onComment.status, JSON.stringify(onComment.body)).toBe(200)

      expect(await counters(TABLE[kind], id)).toEqual({ reactions: 1, comments: 2 })
      const thread = await site.api<{ docs: { content: string }[] }>(
        'GET',
        `/api/comments?where[targetKind][equals]=${kind}&where[targetId][equals]=${id}&sort=createdAt`,
      )
      expect(thread.body.docs.map((c) => c.content)).toEqual([
        'Is this still about?',
        'Yes, come by.',
      ])
      const told = await db().query(
        `SELECT type, link FROM notifications WHERE user_id = $1 AND type IN ('reaction', 'comment')
          ORDER BY id`,
        [poster.id],
      )
      expect(told.rows.slice(-2)).toEqual([
        { type: 'reaction', link: LINK[kind](id) },
        { type: 'comment', link: LINK[kind](id) },
      ])
    })
  }

  it('an alert not yet verified refuses both, says why, and stores nothing', async () => {
    const id = await posted('safety-alert')
    const reacted = await toggle(neighbour, 'safety-alert', id)
    expect([reacted.status, messageOf(reacted)]).toEqual([403, ALERT_MESSAGES.notYetOpen])
    expect(check('POST', '/api/reactions/toggle', reacted.status, reacted.body).problem).toBeNull()
    const said = await say(neighbour, 'safety-alert', id, 'Is the road shut?')
    expect([said.status, messageOf(said)]).toEqual([403, ALERT_MESSAGES.notYetOpen])
    const stored = await db().query(
      `SELECT (SELECT count(*)::int FROM reactions WHERE target_kind = 'safety-alert'
                 AND target_id = $1) AS reactions,
              (SELECT count(*)::int FROM comments WHERE target_kind = 'safety-alert'
                 AND target_id = $1) AS comments`,
      [id],
    )
    expect(stored.rows[0]).toEqual({ reactions: 0, comments: 0 })
  })

  it('an emoji the kind does not take is refused', async () => {
    const id = await posted('lost-found')
    const fire = await toggle(neighbour, 'lost-found', id, 'fire')
    expect([fire.status, messageOf(fire)]).toEqual([400, 'That emoji is not available here.'])
  })

  it('deleting an item takes its comments and reactions with it', async () => {
    const id = await posted('lost-found')
    expect((await say(neighbour, 'lost-found', id, 'Mine, I think!')).status).toBe(201)
    expect((await toggle(neighbour, 'lost-found', id)).status).toBe(200)
    await site.payload.delete({ collection: 'lost-found-posts', id, context: NO_LIVE })
    const left = await db().query(
      `SELECT (SELECT count(*)::int FROM comments WHERE target_kind = 'lost-found'
                 AND target_id = $1) + (SELECT count(*)::int FROM reactions
                 WHERE target_kind = 'lost-found' AND target_id = $1) AS n`,
      [id],
    )
    expect(left.rows[0].n).toBe(0)
  })
})

describe('without JavaScript: the page’s comment and reaction forms', () => {
  it('a comment and a reaction posted as forms land on the item and lead back to its page', async () => {
    const id = await posted('market-item')
    // The page as the form mechanism hands it over (its ?_form= taken off).
    const page = new URL(`http://localhost/market/${id}`)
    const said = await comment({
      fields: formFields({ targetKind: 'market-item', targetId: String(id), content: 'Free?' }),
      page,
      call: apiCallAs(site, neighbour),
    })
    expect(isRefusal(said)).toBe(false)
    expect(said).toMatchObject({ redirect: expect.stringMatching(/^\/market\/\d+#comment-\d+$/) })
    const reacted = await reaction({
      fields: formFields({ targetKind: 'market-item', targetId: String(id), emoji: 'thumbs-up' }),
      page: new URL(`http://localhost/market/${id}`),
      call: apiCallAs(site, neighbour),
    })
    expect(isRefusal(reacted)).toBe(false)
    expect(await counters('market_items', id)).toEqual({ reactions: 1, comments: 1 })
  })

  it('on an alert not yet verified the form comes back with the reason', async () => {
    const id = await posted('safety-alert')
    const said = await comment({
      fields: formFields({ targetKind: 'safety-alert', targetId: String(id), content: 'Hm' }),
      page: new URL(`http://localhost/safety/${id}`),
      call: apiCallAs(site, neighbour),
    })
    expect(said).toMatchObject({ error: ALERT_MESSAGES.notYetOpen })
  })
})
