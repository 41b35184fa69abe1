import { useEffect, useMemo, type ComponentType } from 'react'

import type { CommentTargetKind } from '@/rules/targets'
import type { CommentView } from '@/views/comment'
import type { FormState } from '@/views/forms'
import { loadSession, viewerIdOf } from '@widgets/lib/session'
import { useNow } from '@widgets/lib/useNow'
import { useSession } from '@widgets/lib/useSession'
import { useStoreKey } from '@widgets/lib/useStoreKey'
import {
  $threads,
  ensureThread,
  followCommentHash,
  initialThread,
  loadThread,
  setThreadOpen,
  threadKey,
  watchThread,
  type ThreadState,
  type ThreadTarget,
} from './store'
import './Comments.css'

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

/** What the frame hands its open thread's body (./ThreadBody.tsx, loaded lazily for reviews). */
export interface ThreadBodyProps {
  target: ThreadTarget
  state: ThreadState
  collapsible: boolean
  shownCount: number
  /** While the list loads, about the room it will take. */
  initialCount: number
  channel?: string
  now: Date
  form?: FormState
  viewerId: number | null
  signedOut: boolean
  reactions?: Record<number, Record<string, number>>
}

/** While an open thread's list (or, for a review, its code) loads: about the room it takes. */
export function ThreadLoading({ initialCount }: { initialCount: number }) {
  // Holds the room so the page below does not jump when they arrive (layout shift, which
  // Lighthouse scores).
  return (
    <p className="muted" style={{ minHeight: `${Math.min(initialCount, 8) * 6.5}rem` }}>
      Loading...
    </p>
  )
}

/**
 * Threaded comments of one review, story or discussion (SPEC §4): oldest first, replies nested
 * to depth 2, the first 2 replies then 'View N more replies', reply boxes, the author's own
 * Edit and Delete, reactions on every comment, and every viewer kept up to date live. State and
 * actions live in ./store.ts and ./commentWrites.ts; this frame keeps the thread's state, its
 * toggle and live updates, and `Body` (./ThreadBody.tsx) renders it once open.
 */
export function ThreadFrame({
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
  Body,
}: CommentThreadProps & { Body: ComponentType<ThreadBodyProps> }) {
  const target = useMemo(() => ({ kind: targetKind, id: targetId }), [targetKind, targetId])
  const state =
    useStoreKey($threads, threadKey(target)) ??
    initialThread(!collapsible, initialCount, initialComments ?? null)
  const now = useNow(serverNow)
  const { open, comments } = state
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
          <Body
            target={target}
            state={state}
            collapsible={collapsible}
            shownCount={shownCount}
            initialCount={initialCount}
            channel={channel}
            now={now}
            form={form}
            viewerId={viewerId}
            signedOut={signedOut}
            reactions={reactions}
          />
        )}
      </div>
    </div>
  )
}
