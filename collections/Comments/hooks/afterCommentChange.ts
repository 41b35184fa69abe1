import type { Comment } from '@/payload-types'
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { COMMENT_TARGETS, type CommentTargetKind } from '@/rules/targets'
import { afterCommit } from '@/server/database/afterCommit'
import { relId } from '@/views/media'
import { columnName, query, sql, tableName } from '@/server/database/db'
import { actorName, notify } from '@collections/Notifications/notify'
import { publish } from '@/server/services/realtime'
import { commentTarget } from '@/data/targets'

/** Keeps the target's commentCount in the same transaction. */
export async function recountComments(req: PayloadRequest, kind: CommentTargetKind, id: number) {
  const table = sql.raw(`"${tableName(COMMENT_TARGETS[kind].collection)}"`)
  const column = sql.raw(`"${columnName('commentCount')}"`)
  await query(
    req,
    sql`UPDATE ${table} SET ${column} = (SELECT count(*) FROM comments
         WHERE target_kind = ${kind} AND target_id = ${id} AND hidden IS NOT TRUE) WHERE id = ${id}`,
  )
}

/** Counter, notification (owner or replied-to author, never yourself), then the live push. */
export const afterCommentChange: CollectionAfterChangeHook<Comment> = async ({
  doc,
  operation,
  req,
  context,
}) => {
  const kind = doc.targetKind as CommentTargetKind
  const targetId = Number(doc.targetId)
  await recountComments(req, kind, targetId)
  const target = await commentTarget(req, kind, targetId)
  if (!target) return doc
  const link =
    kind === 'discussion' ? `${target.link}#comment-${doc.id}` : target.link.replace(/#.*$/, '')
  if (operation === 'create') {
    if (doc.parent) {
      const parent = await req.payload.findByID({
        collection: 'comments',
        id: relId(doc.parent)!,
        depth: 0,
        req,
      })
      await notify(req, {
        recipient: relId(parent.author),
        type: kind === 'review' ? 'reply' : 'comment-reply',
        referenceId: doc.id,
        link,
        message: `${actorName(req)} replied to your comment.`,
      })
    } else {
      await notify(req, {
        recipient: target.owner,
        type: 'comment',
        referenceId: doc.id,
        link,
        message: `${actorName(req)} commented on your ${COMMENT_TARGETS[kind].noun}.`,
      })
    }
  }
  if (!context.disableLive) {
    afterCommit(req, () =>
      publish(target.channel, `comment.${operation === 'create' ? 'created' : 'updated'}`, {
        id: doc.id,
        targetKind: kind,
        targetId,
        parent: doc.parent ? relId(doc.parent) : null,
        content: doc.content,
        mentions: doc.mentions ?? [],
        author: relId(doc.author),
        createdAt: doc.createdAt,
        hidden: doc.hidden ?? false,
      }),
    )
  }
  return doc
}
