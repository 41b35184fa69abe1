import type { ThreadComment } from '@/rules/commentTree'
import { mentionsOf } from '@/rules/mentions'
import type { CommentTargetKind } from '@/rules/targets'

/**
 * A comment as a thread shows it (widgets/Comments): the public profile of its author, nothing
 * more. One mapper for the REST answers the island reads and the Local API documents a page
 * loader renders into the HTML (src/loaders/comments.ts).
 */
export interface CommentView extends ThreadComment {
  targetKind: CommentTargetKind
  targetId: number
  content: string
  /** The members it mentions, linked when shown. */
  mentions: string[]
  author: {
    id: number
    userName: string | null
    name: string | null
    avatarUrl: string | null
  } | null
}

/** A comment document at depth 2 (author and avatar populated), REST or Local API. */
export interface CommentDoc {
  id: number
  targetKind: CommentTargetKind
  targetId: number
  parent?: number | { id: number } | null
  content: string
  mentions?: unknown
  createdAt: string
  hidden?: boolean | null
  author?:
    | number
    | null
    | {
        id: number
        userName?: string | null
        name?: string | null
        avatar?: number | null | { url?: string | null }
      }
}

export function toCommentView(doc: CommentDoc): CommentView {
  const a = doc.author
  const author =
    a && typeof a === 'object'
      ? {
          id: a.id,
          userName: a.userName ?? null,
          name: a.name ?? null,
          avatarUrl: a.avatar && typeof a.avatar === 'object' ? (a.avatar.url ?? null) : null,
        }
      : typeof a === 'number'
        ? { id: a, userName: null, name: null, avatarUrl: null }
        : null
  const parent = doc.parent && typeof doc.parent === 'object' ? doc.parent.id : doc.parent
  return {
    id: doc.id,
    targetKind: doc.targetKind,
    targetId: Number(doc.targetId),
    parent: parent ?? null,
    content: doc.content,
    mentions: mentionsOf(doc.mentions),
    createdAt: doc.createdAt,
    author,
  }
}

/** What a thread reads of authors: public names and the avatar's URL (with depth 2). */
export const COMMENT_POPULATE = {
  comments: { targetKind: true },
  users: { userName: true, name: true, avatar: true },
  media: { url: true, filename: true },
} satisfies Record<string, Record<string, true>>
