import type { CommentTargetKind } from '@/rules/targets'
import { toCommentView as toView, type CommentDoc, type CommentView } from '@/views/comment'
import { api } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'

export type { CommentView }

/** Authors' public names and avatar URLs only (depth 2 reaches the avatar, populate trims it). */
const POPULATE =
  'depth=2&populate[comments][id]=true&populate[users][userName]=true&populate[users][name]=true' +
  '&populate[users][avatar]=true&populate[media][url]=true&populate[media][filename]=true'

const targetWhere = (kind: CommentTargetKind, id: number) =>
  `where[targetKind][equals]=${kind}&where[targetId][equals]=${id}&where[hidden][not_equals]=true`

interface Page {
  docs: CommentDoc[]
  hasNextPage: boolean
  totalDocs: number
}

/** Every visible comment of a target, oldest first (pages of 100). */
export async function loadComments(kind: CommentTargetKind, id: number): Promise<CommentView[]> {
  const out: CommentView[] = []
  for (let page = 1; page <= 20; page++) {
    const answer = await api<Page>(
      `/api/comments?${targetWhere(kind, id)}&sort=createdAt&limit=100&page=${page}&${POPULATE}`,
      { shared: true },
    )
    out.push(...answer.docs.map(toView))
    if (!answer.hasNextPage) break
  }
  return out
}

export async function countComments(kind: CommentTargetKind, id: number): Promise<number> {
  const answer = await api<Page>(`/api/comments?${targetWhere(kind, id)}&limit=1&depth=0`, {
    shared: true,
  })
  return answer.totalDocs
}

export async function loadComment(id: number): Promise<CommentView | null> {
  try {
    const doc = await api<CommentDoc>(`/api/comments/${id}?${POPULATE}`, { shared: true })
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
