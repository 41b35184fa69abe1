import { MESSAGES } from '@/rules/messages'
import { $session, loadSession } from '@widgets/lib/session'
import { toast } from '@widgets/lib/toast'
import { deleteComment, postComment, updateComment, type CommentView } from './commentsApi'
import { removeComment, threadOf, updateThread, upsertComment, type ThreadTarget } from './store'

/**
 * The reader's own writes to a thread (SPEC §4 comments): comment, reply, the author's Edit and
 * Delete with confirmation, and the reply box, edit and delete question that lead to them.
 */

export const FAILED = {
  comment: 'Failed to post comment',
  reply: 'Failed to post reply',
  update: 'Failed to update comment',
  delete: 'Failed to delete comment',
} as const

async function signedIn(): Promise<boolean> {
  const now = $session.get()
  const s = now.status === 'loading' ? await loadSession() : now
  return s.status === 'signed-in'
}

/** Posts a comment (parent null) or a reply; resolves true when saved. */
export async function postToThread(
  t: ThreadTarget,
  text: string,
  parent: CommentView | null,
): Promise<boolean> {
  if (!(await signedIn())) {
    toast.error(parent ? MESSAGES.loginToReply : MESSAGES.loginToComment)
    return false
  }
  try {
    const c = await postComment({
      targetKind: t.kind,
      targetId: t.id,
      parent: parent?.id ?? null,
      content: text,
    })
    upsertComment(t, c)
    if (parent) {
      // The new reply is the newest: make sure it is not behind 'View N more replies'.
      updateThread(t, (s) => ({ expanded: new Set([...s.expanded, parent.id]), replyTo: null }))
    }
    return true
  } catch (e) {
    console.warn('Comment failed', e)
    toast.error(parent ? FAILED.reply : FAILED.comment)
    return false
  }
}

/** Opens the reply box under a comment (null closes it); signed-out viewers are told why not. */
export function openReply(t: ThreadTarget, id: number | null) {
  if (id !== null && $session.get().status === 'signed-out') {
    toast.error(MESSAGES.loginToReply)
    return
  }
  updateThread(t, () => ({ replyTo: id }))
}

export function startEdit(t: ThreadTarget, id: number | null) {
  updateThread(t, () => ({ editing: id }))
}

export async function saveComment(
  t: ThreadTarget,
  comment: CommentView,
  text: string,
): Promise<boolean> {
  if (text === comment.content) {
    startEdit(t, null)
    return true
  }
  try {
    const mentions = await updateComment(comment.id, text)
    upsertComment(t, { ...comment, content: text, mentions })
    startEdit(t, null)
    return true
  } catch (e) {
    console.warn('Comment update failed', e)
    toast.error(FAILED.update)
    return false
  }
}

/** Asks 'Delete this comment?' (null closes the question). */
export function askDelete(t: ThreadTarget, comment: CommentView | null) {
  updateThread(t, () => ({ toDelete: comment }))
}

export async function confirmDelete(t: ThreadTarget): Promise<void> {
  const c = threadOf(t)?.toDelete
  if (!c) return
  try {
    await deleteComment(c.id)
    removeComment(t, c.id)
  } catch (e) {
    console.warn('Comment delete failed', e)
    toast.error(FAILED.delete)
  }
}
