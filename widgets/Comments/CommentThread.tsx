import { useEffect, useMemo } from 'react'

import { pathTo, shapeThread } from '@/rules/commentTree'
import type { CommentTargetKind } from '@/rules/targets'
import type { CommentView } from '@/views/comment'
import { loadSession, viewerIdOf } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import type { FormState } from '@/views/forms'
import CommentForm from './CommentForm'
import CommentItem, { type ThreadContext } from './CommentItem'
import './Comments.css'
import ConfirmDialog from '@widgets/lib/ConfirmDialog'
import { useNow } from '@widgets/lib/useNow'
import { useStoreKey } from '@widgets/lib/useStoreKey'
import {
  askDelete,
  confirmDelete,
  openReply,
  postToThread,
  saveComment,
  startEdit,
} from './commentWrites'
import {
  $threads,
  continueThread,
  ensureThread,
  followCommentHash,
  initialThread,
  loadThread,
  setThreadOpen,
  showMoreReplies,
  threadKey,
  watchThread,
} from './store'
import OwnHidden from '@widgets/Reports/OwnHidden'

export interface CommentThreadProps {
  targetKind: CommentTargetKind
  targetId: number
  /** The target's live channel (reviews: neighbourhood-{id}; stories: story-{id}; ...). */
  channel?: string
  /** The target's commentCount when the page was rendered (shown on the toggle at once). */
  initialCount?: number
  /**
   * true: a 'Comments (N)' button opens the thread, which loads only then (the default for
   * reviews, many to a page); false: the thread shows and loads at once (story, discussion).
   */
  collapsible?: boolean
  /** The thread as the server rendered it (on-demand pages): shown at once, no first read. */
  initialComments?: CommentView[]
  /** When the server rendered it, so relative times match the HTML while hydrating. */
  now?: string
  /** A comment form of this page that came back refused (posted without JavaScript). */
  form?: FormState
  /**
   * The reader as the server knew them (on-demand pages; null: signed out): their comments'
   * Delete, and the form or the way to sign in, are right from the first paint.
   */
  viewerId?: number | null
  /** The comments' reaction counts when the page was rendered, by comment id (on-demand pages). */
  reactions?: Record<number, Record<string, number>>
}

/**
 * Threaded comments of one review, story or discussion (SPEC §4): oldest first, replies nested
 * to depth 2, the first 2 replies then 'View N more replies', reply boxes, the author's own
 * Edit and Delete, reactions on every comment, and every viewer kept up to date live. State and
 * actions live in ./store.ts and ./commentWrites.ts; this component renders them.
 */
export default function CommentThread({
  targetKind,
  targetId,
  channel,
  initialCount = 0,
  collapsible = targetKind === 'review',
  initialComments,
  now: serverNow,
  form,
  viewerId: serverViewerId,
  reactions,
}: CommentThreadProps) {
  const target = useMemo(() => ({ kind: targetKind, id: targetId }), [targetKind, targetId])
  const state =
    useStoreKey($threads, threadKey(target)) ??
    initialThread(!collapsible, initialCount, initialComments ?? null)
  const now = useNow(serverNow)
  const { open, comments, failed, highlight } = state
  // The prerendered HTML knows no viewer: hydrate as 'loading' even when another island has
  // already read the session (else React reports a hydration mismatch), then follow it.
  const session = useSession()
  const viewerId = viewerIdOf(session, serverViewerId ?? null)
  const signedOut =
    session.status === 'signed-out' || (session.status === 'loading' && serverViewerId === null)
  const loaded = comments !== null
  const shownCount = comments ? comments.length : state.count
  const regionId = `comments-${targetKind}-${targetId}`

  useEffect(() => {
    void loadSession()
    ensureThread(target, !collapsible, initialCount, initialComments ?? null)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target])

  useEffect(() => {
    if (open && !loaded) void loadThread(target)
  }, [open, loaded, target])

  useEffect(() => followCommentHash(target), [target])

  useEffect(() => (channel ? watchThread(target, channel) : undefined), [channel, target])

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
    kind: targetKind,
    targetId,
    form: form?.values.targetId === String(targetId) ? form : undefined,
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
    <div className="comment-thread">
      {collapsible && (
        <button
          type="button"
          className="pill comments-toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setThreadOpen(target, !open)}
        >
          Comments ({shownCount})
        </button>
      )}
      <div id={regionId} className="comment-region" hidden={!open}>
        {open && (
          <>
            {!collapsible && <h2 className="comments-heading">Comments ({shownCount})</h2>}
            {!loaded && !failed && (
              // Holds about the room the comments will take, so the page below does not jump
              // when they arrive (layout shift, which Lighthouse scores).
              <p className="muted" style={{ minHeight: `${Math.min(initialCount, 8) * 6.5}rem` }}>
                Loading...
              </p>
            )}
            {failed && <p className="muted">Comments could not be loaded right now.</p>}
            {loaded && comments.length === 0 && <p className="comments-empty">No comments yet.</p>}
            <OwnHidden kinds={[`${targetKind}-comment`]} on={targetId} />
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
                post={{ targetKind, targetId, parent: null }}
                form={
                  form?.values.targetId === String(targetId) && !form.values.parent
                    ? form
                    : undefined
                }
              />
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={state.toDelete !== null}
        message="Delete this comment?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete(target)}
        onClose={() => askDelete(target, null)}
      />
    </div>
  )
}
