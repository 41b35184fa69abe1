import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import { pathTo, shapeThread, withReplies } from '@/rules/commentTree'
import { MESSAGES } from '@/rules/messages'
import type { CommentTargetKind } from '@/rules/targets'
import { subscribeChannel } from '@widgets/lib/realtime'
import { $session, loadSession } from '@widgets/lib/session'
import { toast } from '@widgets/lib/toast'
import CommentForm from './CommentForm'
import CommentItem, { type ThreadContext } from './CommentItem'
import './Comments.css'
import {
  commentFromHash,
  countComments,
  deleteComment,
  loadComment,
  loadComments,
  postComment,
  updateComment,
  type CommentView,
} from './commentsApi'
import ConfirmDialog from './ConfirmDialog'

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
}

interface LiveComment {
  id: number
  targetKind: string
  targetId: number | string
  parent?: number | null
  content?: string
  hidden?: boolean
}

const FAILED = {
  comment: 'Failed to post comment',
  reply: 'Failed to post reply',
  update: 'Failed to update comment',
  delete: 'Failed to delete comment',
} as const

/**
 * Threaded comments of one review, story or discussion (SPEC §4): oldest first, replies nested
 * to depth 2, the first 2 replies then 'View N more replies', reply boxes, the author's own
 * Edit and Delete, reactions on every comment, and every viewer kept up to date live.
 */
export default function CommentThread({
  targetKind,
  targetId,
  channel,
  initialCount = 0,
  collapsible = targetKind === 'review',
}: CommentThreadProps) {
  const [open, setOpen] = useState(!collapsible)
  const [comments, setComments] = useState<CommentView[] | null>(null)
  const [count, setCount] = useState(initialCount)
  const [failed, setFailed] = useState(false)
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set())
  const [continued, setContinued] = useState<Set<number>>(() => new Set())
  const [replyTo, setReplyTo] = useState<number | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  const [highlight, setHighlight] = useState<number | null>(null)
  const [toDelete, setToDelete] = useState<CommentView | null>(null)
  const session = useStore($session)
  const viewerId = session.status === 'signed-in' ? session.user.id : null
  const loaded = comments !== null
  // Live events go into the list once it is loaded, else they only move the count.
  const loadedRef = useRef(loaded)
  const listRef = useRef(comments)
  useEffect(() => {
    loadedRef.current = loaded
    listRef.current = comments
  })
  const shownCount = comments ? comments.length : count
  const regionId = `comments-${targetKind}-${targetId}`

  const mine = useCallback(
    (c: { targetKind: string; targetId: number | string }) =>
      c.targetKind === targetKind && Number(c.targetId) === targetId,
    [targetKind, targetId],
  )

  const load = useCallback(() => {
    loadComments(targetKind, targetId).then(
      (list) => {
        setComments(list)
        setFailed(false)
      },
      (e: unknown) => {
        console.warn('Could not load comments', e)
        setFailed(true)
      },
    )
  }, [targetKind, targetId])

  const recount = useCallback(() => {
    countComments(targetKind, targetId).then(setCount, (e: unknown) =>
      console.warn('Could not count comments', e),
    )
  }, [targetKind, targetId])

  useEffect(() => {
    void loadSession()
  }, [])

  useEffect(() => {
    if (open && !loaded) load()
  }, [open, loaded, load])

  /** Adds (or refreshes) one comment, once, wherever it arrived from. */
  const upsert = useCallback((c: CommentView) => {
    setComments((list) =>
      !list
        ? list
        : list.some((x) => x.id === c.id)
          ? list.map((x) => (x.id === c.id ? c : x))
          : [...list, c],
    )
  }, [])

  const remove = useCallback((id: number) => {
    setComments((list) => {
      if (!list) return list
      const gone = withReplies(list, id)
      return list.filter((c) => !gone.has(c.id))
    })
  }, [])

  // #comment-{id} (e.g. from a notification): open this thread if the comment is in it.
  useEffect(() => {
    const check = () =>
      void commentFromHash().then((c) => {
        if (c && mine(c)) {
          setOpen(true)
          setHighlight(c.id)
        }
      })
    check()
    window.addEventListener('hashchange', check)
    return () => window.removeEventListener('hashchange', check)
  }, [mine])

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

  useEffect(() => {
    if (!channel) return
    return subscribeChannel(
      channel,
      {
        'comment.created': (data) => {
          const d = data as LiveComment
          if (!mine(d) || d.hidden) return
          if (!loadedRef.current) {
            setCount((n) => n + 1)
            return
          }
          void loadComment(d.id).then((c) => c && upsert(c))
        },
        'comment.updated': (data) => {
          const d = data as LiveComment
          if (!mine(d)) return
          if (!loadedRef.current) return recount()
          if (d.hidden) return remove(d.id)
          const known = listRef.current?.find((c) => c.id === d.id)
          if (known) upsert({ ...known, content: d.content ?? known.content })
          // A moderator showed a hidden comment again: read it with its author.
          else void loadComment(d.id).then((c) => c && upsert(c))
        },
        'comment.deleted': (data) => {
          const d = data as LiveComment
          if (!mine(d)) return
          if (!loadedRef.current) return recount()
          remove(d.id)
        },
      },
      () => (loadedRef.current ? load() : recount()),
    )
  }, [channel, mine, load, recount, upsert, remove])

  const nodes = useMemo(() => {
    if (!comments) return []
    const open = (s: Set<number>) => (linked ? new Set([...s, ...linked]) : s)
    return shapeThread(comments, { expanded: open(expanded), continued: open(continued) })
  }, [comments, expanded, continued, linked])

  const signedIn = async () => {
    const s = session.status === 'loading' ? await loadSession() : session
    return s.status === 'signed-in'
  }

  const post = async (text: string, parent: CommentView | null): Promise<boolean> => {
    if (!(await signedIn())) {
      toast.error(parent ? MESSAGES.loginToReply : MESSAGES.loginToComment)
      return false
    }
    try {
      const c = await postComment({
        targetKind,
        targetId,
        parent: parent?.id ?? null,
        content: text,
      })
      upsert(c)
      if (parent) {
        // The new reply is the newest: make sure it is not behind 'View N more replies'.
        setExpanded((s) => new Set([...s, parent.id]))
        setReplyTo(null)
      }
      return true
    } catch (e) {
      console.warn('Comment failed', e)
      toast.error(parent ? FAILED.reply : FAILED.comment)
      return false
    }
  }

  const ctx: ThreadContext = {
    kind: targetKind,
    channel,
    viewerId,
    replyTo,
    editing,
    highlight,
    openReply: (id) => {
      if (id !== null && session.status === 'signed-out') {
        toast.error(MESSAGES.loginToReply)
        return
      }
      setReplyTo(id)
    },
    startEdit: setEditing,
    reply: (parent, text) => post(text, parent),
    save: async (comment, text) => {
      if (text === comment.content) {
        setEditing(null)
        return true
      }
      try {
        await updateComment(comment.id, text)
        upsert({ ...comment, content: text })
        setEditing(null)
        return true
      } catch (e) {
        console.warn('Comment update failed', e)
        toast.error(FAILED.update)
        return false
      }
    },
    askDelete: setToDelete,
    showMore: (id) => setExpanded((s) => new Set([...s, id])),
    continueThread: (id) => setContinued((s) => new Set([...s, id])),
  }

  const confirmDelete = async () => {
    const c = toDelete
    if (!c) return
    try {
      await deleteComment(c.id)
      remove(c.id)
    } catch (e) {
      console.warn('Comment delete failed', e)
      toast.error(FAILED.delete)
    }
  }

  return (
    <div className="comment-thread">
      {collapsible && (
        <button
          type="button"
          className="comments-toggle"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
        >
          Comments ({shownCount})
        </button>
      )}
      <div id={regionId} className="comment-region" hidden={!open}>
        {open && (
          <>
            {!collapsible && <h2 className="comments-heading">Comments ({shownCount})</h2>}
            {!loaded && !failed && <p className="muted">Loading...</p>}
            {failed && <p className="muted">Comments could not be loaded right now.</p>}
            {loaded && comments.length === 0 && <p className="comments-empty">No comments yet.</p>}
            {nodes.length > 0 && (
              <ul className="comment-list" aria-live="polite" aria-relevant="additions">
                {nodes.map((n) => (
                  <CommentItem key={n.comment.id} node={n} ctx={ctx} />
                ))}
              </ul>
            )}
            {session.status === 'signed-out' ? (
              <p className="comment-login">
                <a href="/login">Please login to comment</a>
              </p>
            ) : (
              <CommentForm
                label="Add a comment"
                placeholder="Add a comment…"
                submitLabel="Post comment"
                onSubmit={(text) => post(text, null)}
              />
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={toDelete !== null}
        message="Delete this comment?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </div>
  )
}
