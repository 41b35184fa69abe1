import { inTransaction } from '@/server/database/db'
import {
  answerOrRefusal,
  checkPhotos,
  lostFoundView,
  placeIn,
} from '@collections/LostFound/postRules'
import { command } from '@collections/shared/command'

/**
 * lostFound.post: a member posts something lost or found. The place is rounded before it is
 * stored and must lie within 2 km of the neighbourhood; photos are the member's own uploads.
 */
export const postLostFound = command('lostFound.post', ({ req, input, user }) =>
  answerOrRefusal(() =>
    inTransaction(req, async () => {
      const me = user!.id as number
      const { latitude, longitude, photos = [], ...rest } = input
      const place = await placeIn(req, input.neighbourhood, { latitude, longitude })
      await checkPhotos(req, me, photos)
      const post = await req.payload.create({
        collection: 'lost-found-posts',
        data: { ...rest, ...place, photos, author: me, status: 'open' },
        depth: 0,
        req,
        overrideAccess: true,
      })
      return lostFoundView(post)
    }),
  ),
)
