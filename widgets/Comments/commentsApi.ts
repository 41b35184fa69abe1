import type { CommentTargetKind } from '@/rules/targets'
import { toCommentView as toView, type CommentView } from '@/views/comment'
import { listDocuments, readDocument, send, type DocumentQuery } from '@widgets/lib/client'

export type { CommentView }

/** Authors' public names and avatar URLs only (depth 2 reaches the avatar, populate trims it). */
const AUTHORS = {
  depth: 2,
  populate: {
    comments: { id: true },
    users: { userName: true, name: true, avatar: true },
    media: { url: true, filename: true },
  },
} as const satisfies DocumentQuery

const targetWhere = (kind: CommentTargetKind, id: number) => ({
  targetKind: { equals: kind },
  targetId: { equals: id },
  hidden: { not_equals: true },
})

/** Every visible comment of a target, oldest first (pages of 100). */
export async function loadComments(kind: CommentTargetKind, id: number): Promise<CommentView[]> {
  const out: CommentView[] = []
  for (let page = 1; page <= 20; page++) {
    const answer = await listDocuments(
      'comments',
      { where: targetWhere(kind, id), sort: 'createdAt', limit: 100, page, ...AUTHORS },
      { shared: true },
    )
    out.push(...answer.docs.map(toView))
    if (!answer.hasNextPage) break
  }
  return out
}

export async function countComments(kind: CommentTargetKind, id: number): Promise<number> {
  const answer = await listDocuments(
    'comments',
    { where: targetWhere(kind, id), limit: 1, depth: 0 },
    { shared: true },
  )
  return answer.totalDocs
}

export async function loadComment(id: number): Promise<CommentView | null> {
  try {
    const doc = await readDocument('comments', id, AUTHORS, { shared: true })
    return doc.hidden ? null : toView(doc)
  } catch {
    return null
  }
}

export async function postComment(input: {
  targetKind: CommentTargetKind
  targetId: number
  parent: number | null
  content: string
}): Promise<CommentView> {
  return (await send('comments.post', input)).comment
}

/** Saves an edit; answers the members the new text mentions (as the server found them). */
export async function updateComment(id: number, content: string): Promise<string[]> {
  return (await send('comments.edit', { content }, { id })).comment.mentions
}

export async function deleteComment(id: number): Promise<void> {
  await send('comments.remove', {}, { id })
}

/** Which thread a #comment-{id} link points into (read once per page and hash). */
let hashLookup: { hash: string; answer: Promise<CommentView | null> } | undefined

export function commentFromHash(): Promise<CommentView | null> {
  const hash = typeof location === 'undefined' ? '' : location.hash
  const match = /^#comment-(\d+)$/.exec(hash)
  if (!match) return Promise.resolve(null)
  if (hashLookup?.hash !== hash) {
    hashLookup = { hash, answer: loadComment(Number(match[1])) }
  }
  return hashLookup.answer
}
