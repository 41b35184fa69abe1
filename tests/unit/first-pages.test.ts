import { expect, it } from 'vitest'

import { firstPages } from '@/server/site/prerender'

it('a large build goes live with its lists, static pages and one page of each route kind', () => {
  const listed = [
    '/',
    '/neighbourhoods',
    '/top-reviewers',
    '/about',
    '/neighbourhood/busiest',
    '/neighbourhood/quieter',
    '/neighbourhood/busiest/story/7',
    '/neighbourhood/quieter/story/9',
  ]
  expect(firstPages(listed)).toEqual([
    '/',
    '/neighbourhoods',
    '/top-reviewers',
    '/about',
    '/neighbourhood/busiest',
    '/neighbourhood/busiest/story/7',
  ])
})
