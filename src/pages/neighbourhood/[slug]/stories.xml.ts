import type { APIRoute } from 'astro'

import { payloadClient } from '@/loaders/payload'
import { listStories, neighbourhoodBySlug } from '@/loaders/stories'
import { storiesFeedHref, storiesHref, STORY_FEED_SIZE } from '@/views/story'
import { storiesRss } from '@/views/storyFeed'

export const prerender = false

/** RSS 2.0 of one neighbourhood's newest public stories; 404 for an unknown slug. */
export const GET: APIRoute = async ({ url, params }) => {
  const payload = await payloadClient()
  const n = await neighbourhoodBySlug(payload, params.slug ?? '')
  if (!n) {
    return new Response('Neighbourhood not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  }
  const list = await listStories(payload, n.id, { q: '', tag: '', page: 1 }, STORY_FEED_SIZE)
  const body = storiesRss({
    origin: url.origin,
    feedPath: storiesFeedHref(n.slug),
    pagePath: storiesHref(n.slug),
    title: `Belong · Stories of ${n.name}`,
    description: `The newest public stories from ${n.name} on Belong.`,
    stories: list.cards,
  })
  return new Response(body, {
    headers: {
      'content-type': 'application/rss+xml; charset=utf-8',
      'cache-control': 'public, max-age=60',
    },
  })
}
