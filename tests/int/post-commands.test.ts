import { describe, expect, it } from 'vitest'

import { MESSAGES } from '@/rules/messages'
import { pgPool } from '@/server/database/db'
import { DISCUSSION_TEXT } from '@/views/discussion'
import { quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * Members' stories, discussions and polls through their commands (post, edit, remove), as the
 * islands and the no-JavaScript forms call them. The collections' own rules stay the rules.
 */
interface Refused {
  errors?: { message: string; data?: { errors: { path: string }[] } }[]
}
interface Answer<Doc> extends Refused {
  doc: Doc
  id?: number
}

let place: number
let slug: string

const people = { members: ['poster', 'other'], staff: { editor: 'posteddie' } } as const
const { site, poster, other, editor } = testSiteForFile(people, async () => {
  place = await quietPlace(site, 'Commandton', 'Posts by command')
  const { rows } = await pgPool(site.payload).query(
    'SELECT slug FROM neighbourhoods WHERE id = $1',
    [place],
  )
  slug = rows[0].slug
})

const count = async (table: string) =>
  (await pgPool(site.payload).query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number

const call = <T>(method: string, path: string, user: TestUser | null, body: unknown = {}) =>
  site.api<Answer<T> & Refused>(method, path, { body, ...(user ? { cookie: user.cookie } : {}) })

const firstError = (body: Refused) => body.errors?.[0]?.message

describe('stories', () => {
  const story = { neighbourhood: 0, title: 'The bakery', description: 'Warm bread at six.' }

  it('a member shares one and is answered with its neighbourhood slug', async () => {
    const res = await call<{ id: number; author: number; neighbourhood: { slug: string } }>(
      'POST',
      '/api/stories/new',
      poster,
      { ...story, neighbourhood: place, tags: 'bread, , morning' },
    )
    expect(res.status).toBe(201)
    expect(res.body.doc).toMatchObject({ author: poster.id, neighbourhood: { id: place, slug } })
  })

  it("refuses a visitor with the form's words, and an empty title beside its field", async () => {
    const before = await count('stories')
    const visitor = await call('POST', '/api/stories/new', null, { ...story, neighbourhood: place })
    expect([visitor.status, firstError(visitor.body)]).toEqual([401, MESSAGES.signInToShareStory])
    const blank = await call('POST', '/api/stories/new', poster, {
      ...story,
      neighbourhood: place,
      title: ' ',
    })
    expect([blank.status, firstError(blank.body)]).toEqual([400, 'Title is required.'])
    expect(blank.body.errors?.[0]?.data?.errors[0]?.path).toBe('title')
    expect(await count('stories')).toBe(before)
  })

  it('its author edits and removes it; another member may do neither', async () => {
    const made = await call<{ id: number }>('POST', '/api/stories/new', poster, {
      ...story,
      neighbourhood: place,
    })
    const id = made.body.doc.id
    const stranger = await call('PATCH', `/api/stories/${id}/details`, other, { title: 'Mine' })
    expect([stranger.status, firstError(stranger.body)]).toEqual([403, MESSAGES.notAllowed])
    const edited = await call<{ title: string }>('PATCH', `/api/stories/${id}/details`, poster, {
      title: 'The early bakery',
    })
    expect([edited.status, edited.body.doc.title]).toEqual([200, 'The early bakery'])
    expect((await call('POST', `/api/stories/${id}/delete`, other)).status).toBe(403)
    const removed = await call('POST', `/api/stories/${id}/delete`, poster)
    expect([removed.status, removed.body.id]).toEqual([200, id])
    // Gone: the collection's access finds nothing of theirs to delete; no id at all is no such thing.
    expect((await call('POST', `/api/stories/${id}/delete`, poster)).status).toBe(403)
    expect((await call('POST', '/api/stories/first/delete', poster)).status).toBe(404)
  })
})

describe('discussions', () => {
  it('a member starts one, edits it and removes it', async () => {
    const made = await call<{ id: number; neighbourhood: number | null; tags: string[] }>(
      'POST',
      '/api/discussions/new',
      poster,
      { title: 'Bins', content: 'Collection moved to Tuesday?', tags: 'bins', neighbourhood: null },
    )
    expect(made.status).toBe(201)
    expect(made.body.doc).toMatchObject({ neighbourhood: null, tags: ['bins'] })
    const id = made.body.doc.id
    const blank = await call('PATCH', `/api/discussions/${id}/details`, poster, { content: '' })
    expect([blank.status, firstError(blank.body)]).toEqual([400, DISCUSSION_TEXT.contentRequired])
    const edited = await call<{ content: string }>(
      'PATCH',
      `/api/discussions/${id}/details`,
      poster,
      {
        content: 'Collection moved to Wednesday.',
      },
    )
    expect(edited.body.doc.content).toBe('Collection moved to Wednesday.')
    const byEditor = await call('POST', `/api/discussions/${id}/delete`, editor)
    expect([byEditor.status, byEditor.body.id]).toEqual([200, id])
  })

  it("refuses a visitor with the spec's words and a missing neighbourhood", async () => {
    const body = { title: 'Hello', content: 'Anyone there?' }
    const visitor = await call('POST', '/api/discussions/new', null, body)
    expect([visitor.status, firstError(visitor.body)]).toEqual([401, DISCUSSION_TEXT.loginToPost])
    const nowhere = await call('POST', '/api/discussions/new', poster, {
      ...body,
      neighbourhood: 999_999,
    })
    expect([nowhere.status, firstError(nowhere.body)]).toEqual([
      400,
      MESSAGES.neighbourhoodNotFound,
    ])
  })
})

describe('polls', () => {
  const poll = { question: 'Which day for the swap?', options: ['Saturday', 'Sunday'] }

  it('names its neighbourhood by slug (or id), or none', async () => {
    const bySlug = await call<{ neighbourhood: number | null; options: { text: string }[] }>(
      'POST',
      '/api/polls/new',
      poster,
      { ...poll, neighbourhood: slug, closeDate: '' },
    )
    expect(bySlug.status).toBe(201)
    expect(bySlug.body.doc).toMatchObject({
      neighbourhood: place,
      options: [{ text: 'Saturday' }, { text: 'Sunday' }],
    })
    const byId = await call<{ neighbourhood: number }>('POST', '/api/polls/new', poster, {
      ...poll,
      neighbourhood: place,
    })
    expect(byId.body.doc.neighbourhood).toBe(place)
    const none = await call<{ neighbourhood: null }>('POST', '/api/polls/new', poster, {
      ...poll,
      neighbourhood: '',
    })
    expect(none.body.doc.neighbourhood).toBeNull()
  })

  it('refuses an unknown neighbourhood beside its field, a visitor and an incomplete poll', async () => {
    const before = await count('polls')
    const unknown = await call('POST', '/api/polls/new', poster, {
      ...poll,
      neighbourhood: 'atlantis',
    })
    expect([unknown.status, firstError(unknown.body)]).toEqual([
      400,
      MESSAGES.neighbourhoodNotFound,
    ])
    expect(unknown.body.errors?.[0]?.data?.errors[0]?.path).toBe('neighbourhood')
    const visitor = await call('POST', '/api/polls/new', null, poll)
    expect([visitor.status, firstError(visitor.body)]).toEqual([
      401,
      MESSAGES.mustBeLoggedInToCreatePoll,
    ])
    const half = await call('POST', '/api/polls/new', poster, {
      ...poll,
      options: ['Saturday', ' '],
    })
    expect([half.status, firstError(half.body)]).toEqual([400, MESSAGES.pollIncomplete])
    expect(await count('polls')).toBe(before)
  })

  it('its author edits it until someone votes, then only removes it (votes and all)', async () => {
    const made = await call<{ id: number }>('POST', '/api/polls/new', poster, poll)
    const id = made.body.doc.id
    const edited = await call<{ question: string }>('PATCH', `/api/polls/${id}/details`, poster, {
      question: 'Which weekend day?',
    })
    expect(edited.body.doc.question).toBe('Which weekend day?')
    expect((await call('POST', `/api/polls/${id}/vote`, other, { optionIndex: 1 })).status).toBe(
      201,
    )
    const locked = await call('PATCH', `/api/polls/${id}/details`, poster, {
      options: ['Friday', 'Sunday'],
    })
    expect([locked.status, firstError(locked.body)]).toEqual([409, MESSAGES.pollLocked])
    expect((await call('POST', `/api/polls/${id}/delete`, other)).status).toBe(403)
    const removed = await call('POST', `/api/polls/${id}/delete`, poster)
    expect([removed.status, removed.body.id]).toEqual([200, id])
    const votes = await pgPool(site.payload).query('SELECT 1 FROM poll_votes WHERE poll_id = $1', [
      id,
    ])
    expect(votes.rows).toHaveLength(0)
  })

  it("suggests the neighbourhoods by name for the form's list", async () => {
    const res = await site.api<{ neighbourhoods: { slug: string; name: string }[] }>(
      'GET',
      '/api/polls/neighbourhoods',
    )
    expect(res.body.neighbourhoods).toContainEqual({ slug, name: 'Commandton' })
  })
})
