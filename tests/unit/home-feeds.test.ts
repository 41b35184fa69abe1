import { describe, expect, it } from 'vitest'

import {
  feedQueryPath,
  followedFirst,
  homeFeedQueries,
  toFeedCard,
  withinNeighbourhoods,
  type HomeFeeds,
} from '@/views/home'

const author = {
  id: 3,
  userName: 'priya',
  avatar: { url: null, filename: 'priya.webp', sizes: {} },
}

describe('home feed cards (SPEC §2/§3)', () => {
  it('cuts story text at 100 characters', () => {
    const card = toFeedCard('story', {
      id: 7,
      title: 'A long one',
      description: 'x'.repeat(150),
      neighbourhood: { id: 1, slug: 'shoreditch' },
      author,
      image: { sizes: { card: { url: '/api/media/file/s-640x360.webp' } } },
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    expect(card.text).toBe(`${'x'.repeat(100)}…`)
    expect(card.href).toBe('/neighbourhood/shoreditch/stories/7')
    expect(card.imageUrl).toBe('/api/media/file/s-640x360.webp')
    expect(card.author).toEqual({ userName: 'priya', avatarUrl: '/api/media/file/priya.webp' })
  })
  it('links each type to its page', () => {
    const base = { id: 4, createdAt: '2026-01-01T00:00:00.000Z', author: null }
    expect(toFeedCard('discussion', { ...base, title: 't', content: 'c' }).href).toBe(
      '/discussions/4',
    )
    expect(toFeedCard('event', { ...base, title: 't', eventDate: '2026-02-01' }).href).toBe(
      '/event',
    )
    const poll = toFeedCard('poll', {
      ...base,
      question: 'Which?',
      options: [{ text: 'A' }, { text: 'B' }],
    })
    expect(poll).toMatchObject({ href: '/polls/4', title: 'Which?', text: 'A · B', author: null })
  })
  it('asks for public stories featured then newest, polls newest, discussions by reactions, future public events soonest', () => {
    const now = new Date('2026-03-01T12:00:00.000Z')
    const q = homeFeedQueries(now)
    expect(q.story).toMatchObject({
      sort: '-featured,-createdAt',
      limit: 2,
      where: { isPublic: { equals: true } },
    })
    expect(q.poll).toMatchObject({ sort: '-createdAt', limit: 2 })
    expect(q.discussion).toMatchObject({ sort: '-reactionCount,-createdAt', limit: 2 })
    expect(q.event.sort).toBe('eventDate')
    const params = new URLSearchParams(feedQueryPath(q.event).split('?')[1])
    expect(params.get('where[and][1][eventDate][greater_than]')).toBe(now.toISOString())
    expect(params.get('where[and][0][isPublic][equals]')).toBe('true')
  })

  it('prefers a member’s followed neighbourhoods, then fills each section with the others', () => {
    const q = withinNeighbourhoods(homeFeedQueries(new Date('2026-03-01')).story, [4, 9])
    const params = new URLSearchParams(feedQueryPath(q).split('?')[1])
    expect(params.get('where[and][0][isPublic][equals]')).toBe('true')
    expect(params.getAll('where[and][1][neighbourhood][in][0]')).toEqual(['4'])
    expect(params.getAll('where[and][1][neighbourhood][in][1]')).toEqual(['9'])

    const card = (id: number) =>
      toFeedCard('poll', { id, question: `Q${id}`, createdAt: '2026-01-01T00:00:00.000Z' })
    const feeds = (ids: number[]): HomeFeeds => ({
      discussion: [],
      story: [],
      event: [],
      poll: ids.map(card),
    })
    const merged = followedFirst(feeds([5]), feeds([1, 5, 2]))
    expect(merged.poll.map((c) => c.id)).toEqual([5, 1])
    expect(followedFirst(feeds([7, 8]), feeds([1, 2])).poll.map((c) => c.id)).toEqual([7, 8])
    expect(followedFirst(feeds([]), feeds([1, 2])).poll.map((c) => c.id)).toEqual([1, 2])
  })
})
