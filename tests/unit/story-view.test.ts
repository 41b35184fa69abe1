import fc from 'fast-check'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'

import {
  newStoryHref,
  pageNumbers,
  parseStoryId,
  parseStoryListFilter,
  storiesFeedHref,
  storyCardFromRow,
  storyListHref,
  type StoryCardView,
} from '@/views/story'
import { storiesRss, xml } from '@/views/storyFeed'

describe('story list parameters', () => {
  it('reads q, tag and page leniently', () => {
    expect(parseStoryListFilter(new URLSearchParams('q=+bagels+&tag=food&page=2'))).toEqual({
      q: 'bagels',
      tag: 'food',
      page: 2,
    })
    for (const page of ['0', '-3', '1.5', 'abc', '99999999', '']) {
      expect(parseStoryListFilter(new URLSearchParams({ page })).page).toBe(1)
    }
    expect(parseStoryListFilter(new URLSearchParams({ q: 'x'.repeat(500) })).q).toHaveLength(100)
  })

  it('builds list links without empty parts', () => {
    expect(storyListHref(null, {})).toBe('/stories')
    expect(storyListHref('camden', { tag: 'hidden gem', page: 1 })).toBe(
      '/neighbourhood/camden/stories?tag=hidden+gem',
    )
    expect(storyListHref(null, { q: 'a&b', tag: '', page: 3 })).toBe('/stories?q=a%26b&page=3')
    expect(newStoryHref('camden')).toBe('/neighbourhood/camden/story/new')
    expect(newStoryHref(null)).toBe('/stories/new')
    expect(storiesFeedHref('camden')).toBe('/neighbourhood/camden/stories.xml')
  })

  it('numbers pages around the current one', () => {
    expect(pageNumbers(1, 1)).toEqual([1])
    expect(pageNumbers(2, 4)).toEqual([1, 2, 3, 4])
    expect(pageNumbers(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20])
  })

  it('takes only plain positive ids from the route', () => {
    expect(parseStoryId('42')).toBe(42)
    for (const bad of [undefined, '', '0', '-1', '4.2', '42/x', '1e3', '9999999999']) {
      expect(parseStoryId(bad)).toBeNull()
    }
  })

  it('cuts card text at 100 characters', () => {
    const card = storyCardFromRow({
      id: 1,
      title: 'T',
      description: 'a'.repeat(150),
      created_at: '2026-01-01T10:00:00.000Z',
      reaction_count: '3',
      comment_count: null,
      slug: 'camden',
      name: 'Camden',
      author_id: null,
      user_name: null,
      avatar: null,
      image: 'x y.webp',
      tags: null,
    })
    expect(card.excerpt).toBe(`${'a'.repeat(100)}…`)
    expect(card.imageUrl).toBe('/api/media/file/x%20y.webp')
    expect(card).toMatchObject({ reactionCount: 3, commentCount: 0, tags: [], author: null })
  })
})

describe('story RSS', () => {
  const card = (title: string, tags: string[]): StoryCardView => ({
    id: 7,
    title,
    excerpt: title,
    imageUrl: null,
    tags,
    neighbourhood: { slug: 'camden', name: 'Camden' },
    author: { id: 1, userName: 'amara', avatarUrl: null },
    createdAt: '2026-01-01T10:00:00.000Z',
    reactionCount: 0,
    commentCount: 0,
    href: '/neighbourhood/camden/stories/7',
  })

  it('escapes markup and drops characters XML cannot carry', () => {
    expect(xml(`<a href="x">&'\u0000\u0007`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;')
  })

  it('is well-formed RSS 2.0 whatever the titles and tags hold', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
        (title, tags) => {
          const text = storiesRss({
            origin: 'https://belong.example',
            feedPath: '/stories.xml',
            pagePath: '/stories',
            title: 'Stories',
            description: 'All',
            stories: [card(title, tags)],
          })
          expect(XMLValidator.validate(text)).toBe(true)
          const parsed = new XMLParser({ parseTagValue: false, trimValues: false }).parse(text)
          expect(parsed.rss.channel.item.link).toBe(
            'https://belong.example/neighbourhood/camden/stories/7',
          )
        },
      ),
      { numRuns: 200 },
    )
  })
})
