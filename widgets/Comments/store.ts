import { map } from 'nanostores'

import { withReplies } from '@/rules/commentTree'
import { mentionsOf } from '@/rules/mentions'
import type { CommentTargetKind } from '@/rules/targets'
import { subscribeChannel } from '@widgets/lib/realtime'
import {
  commentFromHash,
  countComments,
  loadComment,
  loadComments,
  type CommentView,
} from './commentsApi'

/**
 * Every comment thread on the page (one per review, story or discussion), keyed `${kind}:${id}`.
 * The thread components only render this state and call the actions below and in
 * ./commentWrites.ts (SPEC §4 comments: reply boxes, the author's Edit and Delete with
 * confirmation, 'View N more replies', 'Continue thread', #comment-{id} links, live updates).
 */
export interface ThreadState {
  open: boolean
  /** null until loaded (a collapsed review thread loads only when opened). */
  comments: CommentView[] | null
  /** The count shown before the list is loaded (the page's commentCount, then live). */
  count: number
  failed: boolean
  /** Comments whose replies are all shown ('View N more replies' pressed). */
  expanded: ReadonlySet<number>
  /** Comments at the depth cut whose deeper thread is shown ('Continue thread' pressed). */
  continued: ReadonlySet<number>
  replyTo: number | null
  editing: number | null
  /** The comment a #comment-{id} link points at. */
  highlight: number | null
  /** The comment whose delete waits for confirmation. */
  toDelete: CommentView | null
}

export interface ThreadTarget {
  kind: CommentTargetKind
  id: number
}

export const $threads = map<Record<string, ThreadState>>({})

export const threadKey = (t: ThreadTarget) => `${t.kind}:${t.id}`

/** What a thread looks like before its component mounted (also the server-rendered state). */
export function initialThread(
  open: boolean,
  count: number,
  comments: CommentView[] | null = null,
): ThreadState {
  return {
    open,
    comments,
    count: comments ? comments.length : count,
    failed: false,
    expanded: new Set(),
    continued: new Set(),
    replyTo: null,
    editing: null,
    highlight: null,
    toDelete: null,
  }
}

/** One thread's state (undefined until registered). */
export const threadOf = (t: ThreadTarget) => $threads.get()[threadKey(t)]

/** Changes a registered thread (an unknown one is left alone). */
export function updateThread(t: ThreadTarget, change: (s: ThreadState) => Partial<ThreadState>) {
  const s = threadOf(t)
  if (s) $threads.setKey(threadKey(t), { ...s, ...change(s) })
}

/**
 * Registers a thread once; later mounts of the same target keep what is there. Comments the page
 * rendered into its HTML count as loaded (live events then keep them current).
 */
export function ensureThread(
  t: ThreadTarget,
  open: boolean,
  count: number,
  comments: CommentView[] | null = null,
) {
  if (!threadOf(t)) $threads.setKey(threadKey(t), initialThread(open, count, comments))
}

/** Reads in flight per thread, so that opening from two places reads once. */
const reading = new Map<string, Promise<void>>()

export function loadThread(t: ThreadTarget): Promise<void> {
  const key = threadKey(t)
  const pending = reading.get(key)
  if (pending) return pending
  const read = loadComments(t.kind, t.id)
    .then(
      (list) => updateThread(t, () => ({ comments: list, failed: false })),
      (e: unknown) => {
        console.warn('Could not load comments', e)
        updateThread(t, () => ({ failed: true }))
      },
    )
    .finally(() => reading.delete(key))
  reading.set(key, read)
  return read
}

export function recountThread(t: ThreadTarget): Promise<void> {
  return countComments(t.kind, t.id).then(
    (count) => updateThread(t, () => ({ count })),
    (e: unknown) => console.warn('Could not count comments', e),
  )
}

/** Opens (and loads, the first time) or closes a collapsible thread. */
export function setThreadOpen(t: ThreadTarget, open: boolean) {
  updateThread(t, () => ({ open }))
  const s = threadOf(t)
  if (open && s && s.comments === null) void loadThread(t)
}

/** Adds (or refreshes) one comment, once, wherever it arrived from. */
export function upsertComment(t: ThreadTarget, c: CommentView) {
  updateThread(t, (s) =>
    !s.comments
      ? {}
      : {
          comments: s.comments.some((x) => x.id === c.id)
            ? s.comments.map((x) => (x.id === c.id ? c : x))
            : [...s.comments, c],
        },
  )
}

/** Removes a comment and its replies (a delete takes the replies too). */
export function removeComment(t: ThreadTarget, id: number) {
  updateThread(t, (s) => {
    if (!s.comments) return {}
    const gone = withReplies(s.comments, id)
    return { comments: s.comments.filter((c) => !gone.has(c.id)) }
  })
}

const isOf = (t: ThreadTarget, c: { targetKind: string; targetId: number | string }) =>
  c.targetKind === t.kind && Number(c.targetId) === t.id

/**
 * #comment-{id} (e.g. from a notification): opens this thread if the comment is in it and marks
 * the comment to be brought into view. Returns the function that stops listening.
 */
export function followCommentHash(t: ThreadTarget): () => void {
  const check = () =>
    void commentFromHash().then((c) => {
      if (c && isOf(t, c)) {
        setThreadOpen(t, true)
        updateThread(t, () => ({ highlight: c.id }))
      }
    })
  check()
  window.addEventListener('hashchange', check)
  return () => window.removeEventListener('hashchange', check)
}

interface LiveComment {
  id: number
  targetKind: string
  targetId: number | string
  parent?: number | null
  content?: string
  mentions?: unknown
  hidden?: boolean
}

/**
 * Keeps a thread live on its channel: loaded threads take the comment in, collapsed ones only
 * move their count. After a reconnect the thread is read again (Pusher does not replay).
 */
export function watchThread(t: ThreadTarget, channel: string): () => void {
  const loaded = () => threadOf(t)?.comments != null
  return subscribeChannel(
    channel,
    {
      'comment.created': (data) => {
        const d = data as LiveComment
        if (!isOf(t, d) || d.hidden) return
        if (!loaded()) return updateThread(t, (s) => ({ count: s.count + 1 }))
        void loadComment(d.id).then((c) => c && upsertComment(t, c))
      },
      'comment.updated': (data) => {
        const d = data as LiveComment
        if (!isOf(t, d)) return
        if (!loaded()) return void recountThread(t)
        if (d.hidden) return removeComment(t, d.id)
        const known = threadOf(t)?.comments?.find((c) => c.id === d.id)
        if (known)
          upsertComment(t, {
            ...known,
            content: d.content ?? known.content,
            mentions: d.mentions ? mentionsOf(d.mentions) : known.mentions,
          })
        // A moderator showed a hidden comment again: read it with its author.
        else void loadComment(d.id).then((c) => c && upsertComment(t, c))
      },
      'comment.deleted': (data) => {
        const d = data as LiveComment
        if (!isOf(t, d)) return
        if (!loaded()) return void recountThread(t)
        removeComment(t, d.id)
      },
    },
    () => void (loaded() ? loadThread(t) : recountThread(t)),
  )
}

export function showMoreReplies(t: ThreadTarget, id: number) {
  updateThread(t, (s) => ({ expanded: new Set([...s.expanded, id]) }))
}

export function continueThread(t: ThreadTarget, id: number) {
  updateThread(t, (s) => ({ continued: new Set([...s.continued, id]) }))
}
