import { describe, expect, it } from 'vitest'

import { pageNumbers, parsePage } from '@/rules/paging'
import { discussionListHref, parseListQuery, TAG_FILTER_MAX } from '@/views/discussion'
import { FORUM_TABS, forumHref, tabForPath, toFeedCard, type ForumCard } from '@/views/forum'

describe('forum tabs follow the path prefix', () => {
  it.each([
    ['/forum', 'All Posts'],
    ['/forum/', 'All Posts'],
    ['/forum/discussions', 'Discussions'],
    ['/forum/discussions/', 'Discussions'],
    ['/forum/events/anything/else', 'Events'],
    ['/forum/stories', 'Stories'],
    ['/forum/polls', 'Polls'],
  ])('%s → %s', (path, label) => {
    expect(tabForPath(path)?.label).toBe(label)
  })

  it('knows no other paths', () => {
    for (const path of ['/forum/poems', '/forums', '/forum/discussionsx', '/']) {
      expect(tabForPath(path)).toBeNull()
    }
  })

  it('puts the page in the address from page 2', () => {
    expect(forumHref(null, 1)).toBe('/forum')
    expect(forumHref(null, 2)).toBe('/forum?page=2')
    expect(forumHref('poll', 3)).toBe('/forum/polls?page=3')
    expect(FORUM_TABS.map((t) => t.label)).toEqual([
      'All Posts',
      'Discussions',
      'Events',
      'Stories',
      'Polls',
    ])
  })

  it('links cards where their pages are, cut like the home cards', () => {
    const card = (type: ForumCard['type']): ForumCard => ({
      type,
      id: 7,
      title: 'T',
      text: 'x'.repeat(150),
      neighbourhoodSlug: 'camden',
      author: { id: 1, userName: 'priya', avatarUrl: null },
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    expect(toFeedCard(card('discussion')).href).toBe('/discussions/7')
    expect(toFeedCard(card('event')).href).toBe('/event')
    expect(toFeedCard(card('poll')).href).toBe('/polls/7')
    expect(toFeedCard(card('story')).href).toBe('/neighbourhood/camden/stories/7')
    expect(toFeedCard(card('story')).text).toHaveLength(101)
    expect(toFeedCard({ ...card('poll'), author: null }).author).toBeNull()
  })
})

describe('numbered pages', () => {
  it('shows every page when few, else the ends and the neighbours', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageNumbers(1, 20)).toEqual([1, 2, null, 20])
    expect(pageNumbers(10, 20)).toEqual([1, null, 9, 10, 11, null, 20])
    expect(pageNumbers(20, 20)).toEqual([1, null, 19, 20])
  })

  it('reads odd page parameters as page 1', () => {
    for (const raw of [null, '', 'abc', '0', '-3', 'NaN']) expect(parsePage(raw)).toBe(1)
    expect(parsePage('4')).toBe(4)
    expect(parsePage('2.7')).toBe(2)
    expect(parsePage('99999999')).toBe(10_000)
  })
})

describe('discussion list query and addresses', () => {
  it('reads tag and page leniently', () => {
    const q = parseListQuery(new URLSearchParams('tag=%20parks%20&page=3'), 'camden')
    expect(q).toEqual({ tag: 'parks', page: 3, neighbourhoodSlug: 'camden' })
    expect(parseListQuery(new URLSearchParams('tag=&page=x'))).toEqual({
      tag: null,
      page: 1,
      neighbourhoodSlug: null,
    })
    const long = parseListQuery(new URLSearchParams({ tag: 'y'.repeat(500) }))
    expect(long.tag).toHaveLength(TAG_FILTER_MAX)
  })

  it('builds the list addresses, with and without a neighbourhood', () => {
    expect(discussionListHref({})).toBe('/discussions')
    expect(discussionListHref({ tag: 'hidden gem', page: 2 })).toBe(
      '/discussions?tag=hidden+gem&page=2',
    )
    expect(discussionListHref({ neighbourhoodSlug: 'camden', page: 1 })).toBe(
      '/neighbourhood/camden/discussions',
    )
  })
})
