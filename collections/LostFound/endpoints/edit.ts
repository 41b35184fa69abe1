import { inTransaction } from '@/server/database/db'
import { relId } from '@/views/media'
import {
  answerOrRefusal,
  checkPhotos,
  lostFoundView,
  photoIds,
  placeIn,
  postToChange,
} from '@collections/LostFound/postRules'
import { command } from '@collections/shared/command'

/** lostFound.edit: the poster (or an editor) changes what a post says, under the post's rules. */
export const editLostFound = command('lostFound.edit', ({ req, input, params, user }) =>
  answerOrRefusal(() =>
    inTransaction(req, async () => {
      const post = await postToChange(req, params.id)
      const { latitude, longitude, photos, ...rest } = input
      const place = await placeIn(req, relId(post.neighbourhood)!, { latitude, longitude })
      if (photos) await checkPhotos(req, user!.id as number, photos, photoIds(post))
      const saved = await req.payload.update({
        collection: 'lost-found-posts',
        id: post.id,
        data: {
          ...rest,
          description: rest.description ?? '',
          ...place,
          ...(photos ? { photos } : {}),
        },
        depth: 0,
        req,
        overrideAccess: true,
      })
      return lostFoundView(saved)
    }),
  ),
)
