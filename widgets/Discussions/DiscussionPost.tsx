import { useStore } from '@nanostores/react'
import { useEffect, useId, type FormEvent } from 'react'

import { absoluteDate } from '@/views/home'
import { DISCUSSION_TEXT, discussionListHref, type DiscussionView } from '@/views/discussion'
import { relativeTime } from '@/views/relativeTime'
import ConfirmDialog from '@widgets/Comments/ConfirmDialog'
import Reactions from '@widgets/Reactions/Reactions'
import { $session, loadSession } from '@widgets/lib/session'
import { useNow } from '@widgets/Comments/useNow'
import './Discussions.css'
import {
  $post,
  askDeletePost,
  cancelEditPost,
  deletePost,
  goBack,
  savePost,
  seedPost,
  setEditField,
  startEditPost,
  watchPost,
} from './store'

interface Props {
  initial: DiscussionView
  /** When the page was rendered (relative labels match the HTML while hydrating). */
  now: string
}

/**
 * The post of /discussions/{id} (SPEC §2): Back, title, author, time, tags, text, reactions, and
 * for its author inline Edit (Save, Cancel) and Delete with confirmation (SPEC §4).
 */
export default function DiscussionPost({ initial, now: serverNow }: Props) {
  const state = useStore($post)
  const session = useStore($session)
  const now = useNow(serverNow)
  const post = state?.view.id === initial.id ? state : null
  const view = post?.view ?? initial
  const own =
    session.status === 'signed-in' && view.author !== null && session.user.id === view.author.id
  const listHref = discussionListHref({ neighbourhoodSlug: view.neighbourhoodSlug })

  useEffect(() => {
    void loadSession()
    seedPost(initial)
    return watchPost(initial.id)
  }, [initial])

  const back = (
    <a
      className="back-link"
      href={listHref}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
        e.preventDefault()
        goBack(listHref)
      }}
    >
      ← Back
    </a>
  )

  if (post?.gone) {
    return (
      <section className="empty-state">
        <h1>{DISCUSSION_TEXT.notFound}</h1>
        <p>
          <a href={listHref}>See all discussions</a>
        </p>
      </section>
    )
  }

  return (
    <article className="discussion-post" aria-labelledby="discussion-title">
      {back}
      {post?.editing ? (
        <EditForm edit={post.edit} busy={post.busy} errors={post.errors} />
      ) : (
        <>
          <h1 id="discussion-title">{view.title}</h1>
          <PostMeta view={view} now={now} />
          {view.tags.length > 0 && (
            <ul className="chips" aria-label="Tags">
              {view.tags.map((tag) => (
                <li key={tag}>
                  <a
                    className="chip"
                    href={discussionListHref({ tag, neighbourhoodSlug: view.neighbourhoodSlug })}
                  >
                    #{tag}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <div className="discussion-content">{view.content}</div>
        </>
      )}
      <div className="discussion-actions">
        <Reactions
          targetKind="discussion"
          targetId={view.id}
          channel={`discussion-${view.id}`}
          label="Reactions to this discussion"
        />
        {own && !post?.editing && (
          <div className="comment-buttons">
            <button type="button" className="link-button" onClick={startEditPost}>
              Edit
            </button>
            <button
              type="button"
              className="link-button danger"
              disabled={post?.busy}
              onClick={() => askDeletePost(true)}
            >
              Delete
            </button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={post?.confirmingDelete ?? false}
        message={DISCUSSION_TEXT.deleteQuestion}
        confirmLabel="Delete"
        onConfirm={() => void deletePost(listHref)}
        onClose={() => askDeletePost(false)}
      />
    </article>
  )
}

function PostMeta({ view, now }: { view: DiscussionView; now: Date }) {
  const name = view.author?.userName ?? 'Someone'
  return (
    <p className="discussion-meta">
      <img
        className="comment-avatar"
        src={view.author?.avatarUrl ?? '/default-avatar.svg'}
        alt=""
        width={32}
        height={32}
      />
      {view.author?.userName ? (
        <a href={`/profile/${encodeURIComponent(view.author.userName)}`}>{name}</a>
      ) : (
        <span>{name}</span>
      )}
      <time dateTime={view.createdAt} title={absoluteDate(view.createdAt, true)}>
        {relativeTime(view.createdAt, now)}
      </time>
      {view.neighbourhoodSlug && (
        <a className="feed-slug" href={`/neighbourhood/${view.neighbourhoodSlug}`}>
          {view.neighbourhoodSlug}
        </a>
      )}
    </p>
  )
}

function EditForm({
  edit,
  busy,
  errors,
}: {
  edit: { title: string; content: string }
  busy: boolean
  errors: Partial<Record<string, string>>
}) {
  const id = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void savePost()
  }
  return (
    <form className="discussion-form" noValidate onSubmit={submit} aria-label="Edit discussion">
      <label htmlFor={`${id}-title`}>Title</label>
      <input
        id={`${id}-title`}
        type="text"
        value={edit.title}
        maxLength={200}
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={errors.title ? `${id}-title-error` : undefined}
        onChange={(e) => setEditField('title', e.target.value)}
        autoFocus
      />
      {errors.title && (
        <p id={`${id}-title-error`} className="field-error" role="alert">
          {errors.title}
        </p>
      )}
      <label htmlFor={`${id}-content`}>Content</label>
      <textarea
        id={`${id}-content`}
        rows={6}
        value={edit.content}
        maxLength={10_000}
        aria-invalid={errors.content ? true : undefined}
        aria-describedby={errors.content ? `${id}-content-error` : undefined}
        onChange={(e) => setEditField('content', e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') cancelEditPost()
        }}
      />
      {errors.content && (
        <p id={`${id}-content-error`} className="field-error" role="alert">
          {errors.content}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn-quiet" onClick={cancelEditPost}>
          Cancel
        </button>
        <button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  )
}
