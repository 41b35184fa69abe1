import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { absoluteDate } from '@/views/relativeTime'
import { deleteHref } from '@/views/deleteHref'
import {
  DISCUSSION_TEXT,
  discussionHref,
  discussionListHref,
  type DiscussionView,
} from '@/views/discussion'
import { keptValue, type FormState } from '@/views/forms'
import { relativeTime } from '@/views/relativeTime'
import { DELETED_MEMBER } from '@/rules/userName'
import ConfirmDialog from '@widgets/lib/ConfirmDialog'
import Reactions from '@widgets/Reactions/Reactions'
import { loadSession, viewerIdOf } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import { useNow } from '@widgets/lib/useNow'
import EditForm from './EditForm'
import './Discussions.css'
import {
  $post,
  type PostState,
  askDeletePost,
  deletePost,
  goBack,
  seedPost,
  startEditPost,
  watchPost,
} from './postStore'
import type { FieldErrors } from './store'
import ReportButton from '@widgets/Reports/ReportButton'
import { MentionText } from '@widgets/lib/MentionText'

interface Props {
  initial: DiscussionView
  /** When the page was rendered (relative labels match the HTML while hydrating). */
  now: string
  /** The reader as the server knew them: their post shows Edit and Delete before hydrating. */
  viewerId?: number | null
  /** ?edit: the author opened the edit (the Edit link before or without JavaScript). */
  editRequested?: boolean
  /** The edit as it came back refused (saved before or without JavaScript). */
  form?: FormState
  /** Its reaction counts when the page was rendered (by emoji name). */
  reactions?: Record<string, number>
}

/** The edit the server shows: the post's text, or what a refused save sent. */
function serverEdit(view: DiscussionView, form: FormState | undefined) {
  const edit: PostState['edit'] = form
    ? { title: keptValue(form, 'title'), content: keptValue(form, 'content') }
    : { title: view.title, content: view.content }
  const field = form?.field === 'content' ? 'content' : 'title'
  const errors: FieldErrors = form ? { [field]: form.error } : {}
  return { edit, errors }
}

/**
 * The post of /discussions/{id} (SPEC §2): Back, title, author, time, tags, text, reactions, and
 * for its author inline Edit (Save, Cancel) and Delete with confirmation (SPEC §4).
 */
export default function DiscussionPost({
  initial,
  now: serverNow,
  viewerId = null,
  editRequested = false,
  form,
  reactions,
}: Props) {
  const state = useStore($post)
  const session = useSession()
  const now = useNow(serverNow)
  const post = state?.view.id === initial.id ? state : null
  const view = post?.view ?? initial
  const readerId = viewerIdOf(session, viewerId)
  const own = readerId !== null && view.author !== null && readerId === view.author.id
  const listHref = discussionListHref({ neighbourhoodSlug: view.neighbourhoodSlug })
  // Until the store is seeded (on the server, while hydrating) the page's ?edit decides.
  const resumed = editRequested && viewerId !== null && viewerId === initial.author?.id
  const editing = post ? post.editing : resumed
  const shownEdit = post ?? { ...serverEdit(initial, form), busy: false }

  useEffect(() => {
    void loadSession()
    seedPost(initial)
    if (resumed) startEditPost(serverEdit(initial, form))
    return watchPost(initial.id)
  }, [initial, resumed, form])

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
      {editing ? (
        <EditForm
          id={view.id}
          edit={shownEdit.edit}
          busy={shownEdit.busy}
          errors={shownEdit.errors}
        />
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
          <div className="discussion-content">
            <MentionText text={view.content} mentions={view.mentions} />
          </div>
        </>
      )}
      <div className="discussion-actions">
        <Reactions
          targetKind="discussion"
          targetId={view.id}
          channel={`discussion-${view.id}`}
          label="Reactions to this discussion"
          initial={reactions && { counts: reactions }}
        />
        {!own && (
          <ReportButton
            kind="discussion"
            id={view.id}
            ownerId={view.author?.id ?? null}
            label="this discussion"
          />
        )}
        {own && !editing && (
          <div className="comment-buttons">
            <a
              className="text-action"
              href={`${discussionHref(view.id)}?edit=1`}
              onClick={(e) => {
                e.preventDefault()
                startEditPost()
              }}
            >
              Edit
            </a>
            <a
              className="text-action danger"
              href={deleteHref('discussion', view.id)}
              aria-disabled={post?.busy || undefined}
              onClick={(e) => {
                e.preventDefault()
                if (!post?.busy) askDeletePost(true)
              }}
            >
              Delete
            </a>
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
  const name = view.author ? (view.author.userName ?? 'Someone') : DELETED_MEMBER
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
          {view.neighbourhoodName ?? view.neighbourhoodSlug}
        </a>
      )}
    </p>
  )
}
