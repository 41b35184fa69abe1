import { readNewPosts } from '@/data/newPosts'
import { command } from '@collections/shared/command'

/** GET /api/new-posts: what an open list missed between its render and its subscription. */
export const newPostsSince = command(
  'newPosts.since',
  async ({ req, input }) => ({
    ids: await readNewPosts(req, input.neighbourhood, input.kind, input.after),
  }),
  { root: true },
)
