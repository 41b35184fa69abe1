import { useEffect, useMemo } from 'react'

import { pathTo, shapeThread } from '@/rules/commentTree'
import ConfirmDialog from '@widgets/lib/ConfirmDialog'
import OwnHidden from '@widgets/Reports/OwnHidden'
import CommentForm from './CommentForm'
import CommentItem, { type ThreadContext } from './CommentItem'
import {
  askDelete,
  confirmDelete,
  openReply,
  postToThread,
  saveComment,
  startEdit,
} from './commentWrites'
import { continueThread, showMoreReplies } from './store'
import { ThreadLoading, type ThreadBodyProps } from './ThreadFrame'

/**
 * An open thread (./CommentThread.tsx keeps its state and the toggle): the comments, the form
 * or the way to sign in, and the confirmation of a delete.
 */
export default function ThreadBody({
  target,
  state,
  collapsible,
  shownCount,
  initialCount,
  channel,
  now,
  form,
  viewerId,
  signedOut,
  reactions,
}: ThreadBodyProps) {
  const { comments, failed, highlight } = state
  const loaded = comments !== null

  // Once loaded, bring the linked comment into view (the way to it is opened in `nodes`).
  const linked = useMemo(
    () => (highlight !== null && comments ? pathTo(comments, highlight) : null),
    [highlight, comments],
  )
  useEffect(() => {
    if (!linked) return
    requestAnimationFrame(() => {
      const el = document.getElementById(`comment-${highlight}`)
      el?.scrollIntoView({ block: 'center' })
      el?.focus({ preventScroll: true })
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [highlight, linked !== null])

  const nodes = useMemo(() => {
    if (!comments) return []
    const withPath = (s: ReadonlySet<number>) => (linked ? new Set([...s, ...linked]) : s)
    return shapeThread(comments, {
      expanded: withPath(state.expanded),
      continued: withPath(state.continued),
    })
  }, [comments, state.expanded, state.continued, linked])

  const ctx: ThreadContext = {
    kind: target.kind,
    targetId: target.id,
    form: form?.values.targetId === String(target.id) ? form : undefined,
    channel,
    viewerId,
    now,
    reactions,
    replyTo: state.replyTo,
    editing: state.editing,
    highlight,
    openReply: (id) => openReply(target, id),
    startEdit: (id) => startEdit(target, id),
    reply: (parent, text) => postToThread(target, text, parent),
    save: (comment, text) => saveComment(target, comment, text),
    askDelete: (comment) => askDelete(target, comment),
    showMore: (id) => showMoreReplies(target, id),
    continueThread: (id) => continueThread(target, id),
  }

  return (
    <>
      {!collapsible && <h2 className="comments-heading">Comments ({shownCount})</h2>}
      {!loaded && !failed && <ThreadLoading initialCount={initialCount} />}
      {failed && <p className="muted">Comments could not be loaded right now.</p>}
      {loaded && comments.length === 0 && <p className="comments-empty">No comments yet.</p>}
      <OwnHidden kinds={[`${target.kind}-comment`]} on={target.id} />
      {nodes.length > 0 && (
        <ul className="comment-list" aria-live="polite" aria-relevant="additions">
          {nodes.map((n) => (
            <CommentItem key={n.comment.id} node={n} ctx={ctx} />
          ))}
        </ul>
      )}
      {signedOut ? (
        <p className="comment-login">
          <a href="/login">Please login to comment</a>
        </p>
      ) : (
        <CommentForm
          label="Add a comment"
          placeholder="Add a comment…"
          submitLabel="Post comment"
          onSubmit={(text) => postToThread(target, text, null)}
          post={{ targetKind: target.kind, targetId: target.id, parent: null }}
          form={
            form?.values.targetId === String(target.id) && !form.values.parent ? form : undefined
          }
        />
      )}
      <ConfirmDialog
        open={state.toDelete !== null}
        message="Delete this comment?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete(target)}
        onClose={() => askDelete(target, null)}
      />
    </>
  )
}
