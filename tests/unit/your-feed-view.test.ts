import { describe, expect, it } from 'vitest'

import {
  newPostsLabel,
  yourFeedHref,
  yourFeedItemHref,
  yourFeedTitle,
  YOUR_FEED_TEXT,
} from '@/views/yourFeed'

describe("'Your feed' view", () => {
  it('links each kind to the page other parts link it to', () => {
    expect(yourFeedItemHref('story', 3, 'soho')).toBe('/neighbourhood/soho/stories/3')
    expect(yourFeedItemHref('event', 3, 'soho')).toBe('/neighbourhood/soho/events#event-3')
    expect(yourFeedItemHref('discussion', 3, 'soho')).toBe('/discussions/3')
    expect(yourFeedItemHref('poll', 3, 'soho')).toBe('/polls/3')
    expect(yourFeedItemHref('review', 3, 'soho')).toBe('/neighbourhood/soho#review-3')
    expect(yourFeedItemHref('local-business', 3, 'soho')).toBe('/neighbourhood/soho/local-spots')
  })

  it('titles a review by its first line, cut like a card', () => {
    expect(yourFeedTitle('review', '\n  Quiet streets.\nLoud pubs.')).toBe('Quiet streets.')
    expect(yourFeedTitle('review', 'x'.repeat(150))).toBe(`${'x'.repeat(100)}…`)
    expect(yourFeedTitle('poll', 'Best park?')).toBe('Best park?')
  })

  it('pages as real links and counts new posts', () => {
    expect([yourFeedHref(1), yourFeedHref(2)]).toEqual(['/feed', '/feed?page=2'])
    expect([newPostsLabel(1), newPostsLabel(3)]).toEqual(['1 new post', '3 new posts'])
    expect(YOUR_FEED_TEXT.empty).toBe('Follow a neighbourhood to see its news here.')
  })
})
