import { describe, expect, it, vi } from 'vitest'

import { connectClient, flush, nextEvent, record, subscribe } from '@tests/realtime/helpers'
import {
  liveTestSiteForFile,
  makeNeighbourhood,
  makeUser,
  NO_LIVE,
  placeFields,
  streetParty,
} from './harness'

/** Live pushes of stories, events, discussions, RSVPs and votes: public content only. */

let editor: Awaited<ReturnType<typeof makeUser>>
let camden: number

const { site, realtime, alice, bob } = liveTestSiteForFile(async () => {
  editor = await makeUser(site, 'eddie', 'editor')
  camden = await makeNeighbourhood(site, placeFields('Camden', 'Markets', ['Creative']), NO_LIVE)
})

const listen = async (name: string) => subscribe(await connectClient(realtime), name)
const post = (collection: string, body: unknown, cookie: string) =>
  site.api<{ doc: { id: number } }>('POST', `/api/${collection}/new`, { body, cookie })

describe('live community content', () => {
  it('pushes a public story to its neighbourhood, and never a private one', async () => {
    const channel = await listen(`neighbourhood-${camden}`)
    const created = record(channel, 'story.created')
    const secret = await post(
      'stories',
      { title: 'Secret', description: 'Shh', neighbourhood: camden, isPublic: false },
      alice.cookie,
    )
    expect(secret.status).toBe(201)
    const event = nextEvent(channel, 'story.created')
    const open = await post(
      'stories',
      { title: 'Market day', description: 'Stalls', neighbourhood: camden },
      alice.cookie,
    )
    const { data } = await event
    expect(data).toMatchObject({ id: open.body.doc.id, title: 'Market day', author: alice.id })
    await flush(realtime, [channel])
    expect(created.map((c) => (c.data as { id: number }).id)).toEqual([open.body.doc.id])

    const gone = nextEvent(channel, 'story.deleted')
    await site.api('PATCH', `/api/stories/${open.body.doc.id}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    expect((await gone).data).toEqual({ id: open.body.doc.id })
  })

  it('pushes events to the events channel and their neighbourhood', async () => {
    const all = await listen('events')
    const local = await listen(`neighbourhood-${camden}`)
    const onAll = nextEvent(all, 'event.created')
    const onLocal = nextEvent(local, 'event.created')
    const res = await post('events', streetParty(camden), alice.cookie)
    expect((await onAll).data).toMatchObject({ id: res.body.doc.id, location: 'Elm Row' })
    expect((await onLocal).data).toMatchObject({ id: res.body.doc.id })

    const rsvpChannel = await listen(`event-${res.body.doc.id}`)
    const changed = nextEvent(rsvpChannel, 'rsvp.changed')
    await site.api('POST', `/api/events/${res.body.doc.id}/rsvp`, {
      body: { status: 'attending' },
      cookie: bob.cookie,
    })
    expect((await changed).data).toEqual({
      eventId: res.body.doc.id,
      attendingCount: 1,
      interestedCount: 0,
      countedAt: expect.any(Number),
    })
  })

  it('stamps each RSVP recount, so the latest push carries the stored counts even when pushes cross', async () => {
    const event = await post('events', streetParty(camden), alice.cookie)
    const id = event.body.doc.id
    const channel = await listen(`event-${id}`)
    const pushes = record(channel, 'rsvp.changed')
    // Parallel toggles of one status: the writes queue on the event's lock, their pushes may not.
    const toggles = 7
    const answers = await Promise.all(
      Array.from({ length: toggles }, () =>
        site.api('POST', `/api/events/${id}/rsvp`, {
          body: { status: 'attending' },
          cookie: bob.cookie,
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(toggles).fill(200))
    // Each write pushes after its commit, on its own: wait for all of them, then for stragglers.
    await vi.waitFor(() => expect(pushes).toHaveLength(toggles), { timeout: 10_000 })
    await flush(realtime, [channel])
    type Pushed = { attendingCount: number; countedAt: number }
    const stamped = pushes.map((p) => p.data as Pushed)
    expect(stamped).toHaveLength(toggles)
    expect(new Set(stamped.map((p) => p.countedAt)).size).toBe(toggles)
    const latest = stamped.reduce((a, b) => (b.countedAt > a.countedAt ? b : a))
    // An odd number of toggles leaves bob attending.
    expect(latest.attendingCount).toBe(1)
    const stored = await site.api<{ attendingCount: number }>('GET', `/api/events/${id}`)
    expect(stored.body.attendingCount).toBe(1)
    // In stamp order the counts alternate, as the writes did one after another.
    const inOrder = [...stamped].sort((a, b) => a.countedAt - b.countedAt)
    expect(inOrder.map((p) => p.attendingCount)).toEqual([1, 0, 1, 0, 1, 0, 1])
  })

  it('pushes discussions to the forum', async () => {
    const forum = await listen('forum')
    const event = nextEvent(forum, 'discussion.created')
    const res = await post('discussions', { title: 'Best pub?', content: 'Go on.' }, bob.cookie)
    expect((await event).data).toMatchObject({ id: res.body.doc.id, title: 'Best pub?' })
    const deleted = nextEvent(forum, 'discussion.deleted')
    await site.api('POST', `/api/discussions/${res.body.doc.id}/delete`, { cookie: bob.cookie })
    expect((await deleted).data).toEqual({ id: res.body.doc.id })
  })

  it('pushes the new counts of a poll after a vote, and nothing for a refused one', async () => {
    const poll = await post('polls', { question: 'Best park?', options: ['A', 'B'] }, alice.cookie)
    const id = poll.body.doc.id
    const channel = await listen(`poll-${id}`)
    const voted = record(channel, 'poll.voted')
    const event = nextEvent(channel, 'poll.voted')
    await site.api('POST', `/api/polls/${id}/vote`, {
      body: { optionIndex: 1 },
      cookie: bob.cookie,
    })
    expect((await event).data).toEqual({
      pollId: id,
      counts: [0, 1],
      total: 1,
      countedAt: expect.any(Number),
    })
    const again = await site.api('POST', `/api/polls/${id}/vote`, {
      body: { optionIndex: 0 },
      cookie: bob.cookie,
    })
    expect(again.status).toBe(409)
    await flush(realtime, [channel])
    expect(voted).toHaveLength(1)
  })

  it('stamps each vote count, in the order the votes were taken', async () => {
    const poll = await post(
      'polls',
      { question: 'Best bridge?', options: ['A', 'B'] },
      alice.cookie,
    )
    const id = poll.body.doc.id
    const channel = await listen(`poll-${id}`)
    const pushes = record(channel, 'poll.voted')
    const voters = await Promise.all(['vee', 'wes', 'xan', 'yul'].map((n) => makeUser(site, n)))
    const answers = await Promise.all(
      voters.map((voter, n) =>
        site.api('POST', `/api/polls/${id}/vote`, {
          body: { optionIndex: n % 2 },
          cookie: voter.cookie,
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
    await vi.waitFor(() => expect(pushes).toHaveLength(4), { timeout: 10_000 })
    const stamped = pushes.map((p) => p.data as { total: number; countedAt: number })
    const inOrder = [...stamped].sort((a, b) => a.countedAt - b.countedAt)
    expect(inOrder.map((p) => p.total)).toEqual([1, 2, 3, 4])
  })

  it('stamps each reaction count, in the order the toggles were taken', async () => {
    const story = await post(
      'stories',
      { title: 'Lido reopens', description: 'Cold.', neighbourhood: camden },
      alice.cookie,
    )
    const id = story.body.doc.id
    const channel = await listen(`story-${id}`)
    const pushes = record(channel, 'reaction.changed')
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        site.api('POST', '/api/reactions/toggle', {
          body: { targetKind: 'story', targetId: id, emoji: 'heart' },
          cookie: bob.cookie,
        }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    await vi.waitFor(() => expect(pushes).toHaveLength(5), { timeout: 10_000 })
    const stamped = pushes.map((p) => p.data as { total: number; countedAt: number })
    const inOrder = [...stamped].sort((a, b) => a.countedAt - b.countedAt)
    // Five toggles of one emoji, one after another: on, off, on, off, on.
    expect(inOrder.map((p) => p.total)).toEqual([1, 0, 1, 0, 1])
  })

  it('announces new discussions, polls and local spots to their neighbourhood’s followers', async () => {
    const channel = await listen(`neighbourhood-${camden}`)
    const talk = nextEvent(channel, 'discussion.created')
    const discussion = await post(
      'discussions',
      { title: 'Canal clean-up?', content: 'Sunday.', neighbourhood: camden },
      bob.cookie,
    )
    expect((await talk).data).toMatchObject({ id: discussion.body.doc.id, neighbourhood: camden })

    const asked = nextEvent(channel, 'poll.created')
    const poll = await post(
      'polls',
      { question: 'Best bench?', options: ['A', 'B'], neighbourhood: camden },
      alice.cookie,
    )
    expect((await asked).data).toMatchObject({ id: poll.body.doc.id, question: 'Best bench?' })
    const pollGone = nextEvent(channel, 'poll.deleted')
    await site.api('PATCH', `/api/polls/${poll.body.doc.id}`, {
      body: { hidden: true },
      cookie: editor.cookie,
    })
    expect((await pollGone).data).toEqual({ id: poll.body.doc.id })

    const opened = nextEvent(channel, 'business.created')
    const spot = await post(
      'local-businesses',
      { name: 'Lock Bakery', category: 'cafe', description: 'Buns.', neighbourhood: camden },
      bob.cookie,
    )
    expect((await opened).data).toMatchObject({ id: spot.body.doc.id, name: 'Lock Bakery' })
  })
})
