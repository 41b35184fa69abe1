import type { APIRoute } from 'astro'

import { payloadClient } from '@/loaders/payload'
import { listStories } from '@/loaders/stories'
import { STORY_FEED_SIZE } from '@/views/story'
import { storiesRss } from '@/views/storyFeed'

export const prerender = false

/** RSS 2.0 of the newest public stories, site-wide. */
export const GET: APIRoute = async ({ url }) => {
  const list = await listStories(
    await payloadClient(),
    null,
    { q: '', tag: '', page: 1 },
    STORY_FEED_SIZE,
  )
  const body = storiesRss({
    origin: url.origin,
    feedPath: '/stories.xml',
    pagePath: '/stories',
    title: 'Belong · Neighbourhood Stories',
    description: 'The newest public stories from every neighbourhood on Belong.',
    stories: list.cards,
  })
  return new Response(body, {
    headers: {
      'content-type': 'application/rss+xml; charset=utf-8',
      'cache-control': 'public, max-age=60',
    },
  })
}
