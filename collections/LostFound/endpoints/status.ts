import { inTransaction } from '@/server/database/db'
import { answerOrRefusal, lostFoundView, postToChange } from '@collections/LostFound/postRules'
import { command } from '@collections/shared/command'

/** lostFound.status: the poster (or an editor) marks a post reunited, or open again. */
export const setLostFoundStatus = command('lostFound.status', ({ req, input, params }) =>
  answerOrRefusal(() =>
    inTransaction(req, async () => {
      const post = await postToChange(req, params.id)
      const saved = await req.payload.update({
        collection: 'lost-found-posts',
        id: post.id,
        data: { status: input.status },
        depth: 0,
        req,
        overrideAccess: true,
      })
      return lostFoundView(saved)
    }),
  ),
)
