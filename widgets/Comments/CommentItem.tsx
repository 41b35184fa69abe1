import type { ThreadNode } from '@/rules/commentTree'
import { absoluteDate } from '@/views/relativeTime'
import { relativeTime } from '@/views/relativeTime'
import { MAX_COMMENT_DEPTH, type CommentTargetKind } from '@/rules/targets'
import Reactions from '@widgets/Reactions/Reactions'
import type { FormState } from '@/views/forms'
import { useHydrated } from '@widgets/lib/useHydrated'
import CommentForm from './CommentForm'
import { deleteHref } from '@/views/deleteHref'
import type { CommentView } from '@/views/comment'
import { DELETED_MEMBER } from '@/rules/userName'
import ReportButton from '@widgets/Reports/ReportButton'
import { MentionText } from '@widgets/lib/MentionText'

/** What every comment of one thread shares: who is looking, what is open, what to call. */
export interface ThreadContext {
  kind: CommentTargetKind
  targetId: number
  /** A reply of this thread that came back refused (posted without JavaScript). */
  form?: FormState
  channel?: string
  viewerId: number | null
  /** The time relative labels count from (the server's while hydrating). */
  now: Date
  /** Reaction counts the server rendered, by comment id (a comment absent has none). */
  reactions?: Record<number, Record<string, number>>
  replyTo: number | null
  editing: number | null
  highlight: number | null
  openReply: (id: number | null) => void
  startEdit: (id: number | null) => void
  reply: (parent: CommentView, text: string) => Promise<boolean>
  save: (comment: CommentView, text: string) => Promise<boolean>
  askDelete: (comment: CommentView) => void
  showMore: (id: number) => void
  continueThread: (id: number) => void
}

/** The author's name; a comment left by a deleted account has none ('Deleted member'). */
export const displayName = (c: CommentView) =>
  c.author ? (c.author.userName ?? c.author.name ?? 'Someone') : DELETED_MEMBER

/** The product's default avatar (same file as DEFAULT_AVATAR in src/loaders/profiles.ts). */
const DEFAULT_AVATAR = '/default-avatar.svg'

function Avatar({ comment }: { comment: CommentView }) {
  return (
    <img
      className="comment-avatar"
      src={comment.author?.avatarUrl ?? DEFAULT_AVATAR}
      alt=""
      width={32}
      height={32}
      loading="lazy"
    />
  )
}

/**
 * Until the island runs, Reply is a link to this reply box in the page (shown by :target). Its
 * own component, so that hydrating draws again only this box (to remove it), not the comment.
 */
function ReplyBeforeHydration({
  comment: c,
  name,
  ctx,
  form,
}: {
  comment: CommentView
  name: string
  ctx: ThreadContext
  form: FormState | undefined
}) {
  if (useHydrated()) return null
  return (
    <div id={`reply-${c.id}`} className={form ? 'reply-plain is-open' : 'reply-plain'}>
      <CommentForm
        label={`Reply to ${name}`}
        placeholder={`Reply to ${name}…`}
        submitLabel="Post reply"
        onSubmit={(text) => ctx.reply(c, text)}
        post={{ targetKind: ctx.kind, targetId: ctx.targetId, parent: c.id }}
        form={form}
      />
    </div>
  )
}

export default function CommentItem({
  node,
  ctx,
}: {
  node: ThreadNode<CommentView>
  ctx: ThreadContext
}) {
  const c = node.comment
  const name = displayName(c)
  const own = ctx.viewerId !== null && c.author?.id === ctx.viewerId
  const editing = ctx.editing === c.id
  const replying = ctx.replyTo === c.id
  const canReply = node.depth < MAX_COMMENT_DEPTH
  const refusedReply = ctx.form?.values.parent === String(c.id) ? ctx.form : undefined
  const more = node.hiddenReplies

  return (
    <li
      id={`comment-${c.id}`}
      className={`comment${ctx.highlight === c.id ? ' is-target' : ''}`}
      data-depth={node.depth}
      tabIndex={-1}
    >
      <article className="comment-body" aria-label={`Comment by ${name}`}>
        <header className="comment-head">
          <Avatar comment={c} />
          {c.author?.userName ? (
            <a
              className="comment-author"
              href={`/profile/${encodeURIComponent(c.author.userName)}`}
            >
              {name}
            </a>
          ) : (
            <span className="comment-author">{name}</span>
          )}
          <time
            className="comment-time"
            dateTime={c.createdAt}
            title={absoluteDate(c.createdAt, true)}
          >
            {relativeTime(c.createdAt, ctx.now)}
          </time>
        </header>
        {editing ? (
          <CommentForm
            label="Edit your comment"
            submitLabel="Save"
            initialText={c.content}
            autoFocus
            onSubmit={(text) => ctx.save(c, text)}
            onCancel={() => ctx.startEdit(null)}
          />
        ) : (
          <p className="comment-text">
            <MentionText text={c.content} mentions={c.mentions} />
          </p>
        )}
        <div className="comment-actions">
          <Reactions
            targetKind={`${ctx.kind}-comment`}
            targetId={c.id}
            channel={ctx.channel}
            label={`Reactions to ${name}'s comment`}
            initial={ctx.reactions && { counts: ctx.reactions[c.id] ?? {} }}
          />
          <div className="comment-buttons">
            {!own && (
              <ReportButton
                kind={`${ctx.kind}-comment`}
                id={c.id}
                ownerId={c.author?.id ?? null}
                label={`${name}'s comment`}
              />
            )}
            {canReply && (
              <a
                href={`#reply-${c.id}`}
                role="button"
                className="text-action"
                aria-expanded={replying}
                onClick={(e) => {
                  e.preventDefault()
                  ctx.openReply(replying ? null : c.id)
                }}
              >
                Reply
              </a>
            )}
            {own && !editing && (
              <>
                <button type="button" className="text-action" onClick={() => ctx.startEdit(c.id)}>
                  Edit
                </button>
                <a
                  className="text-action danger"
                  href={deleteHref('comment', c.id)}
                  onClick={(e) => {
                    e.preventDefault()
                    ctx.askDelete(c)
                  }}
                >
                  Delete
                </a>
              </>
            )}
          </div>
        </div>
        {!replying && canReply && (
          <ReplyBeforeHydration comment={c} name={name} ctx={ctx} form={refusedReply} />
        )}
        {replying && (
          <CommentForm
            label={`Reply to ${name}`}
            placeholder={`Reply to ${name}…`}
            submitLabel="Post reply"
            autoFocus
            onSubmit={(text) => ctx.reply(c, text)}
            onCancel={() => ctx.openReply(null)}
          />
        )}
      </article>
      {node.replies.length > 0 && (
        <ul className="comment-replies" aria-label={`Replies to ${name}`}>
          {node.replies.map((r) => (
            <CommentItem key={r.comment.id} node={r} ctx={ctx} />
          ))}
        </ul>
      )}
      {more > 0 && (
        <button
          type="button"
          className="text-action more-replies"
          onClick={() => ctx.showMore(c.id)}
        >
          {more === 1 ? 'View 1 more reply' : `View ${more} more replies`}
        </button>
      )}
      {node.continued > 0 && (
        <button
          type="button"
          className="text-action more-replies"
          onClick={() => ctx.continueThread(c.id)}
        >
          Continue thread
        </button>
      )}
    </li>
  )
}
