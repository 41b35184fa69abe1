import { useEffect, useState } from 'react'

import type { CommentView } from '@/views/comment'
import type { FormState } from '@/views/forms'
import CommentThread from '@widgets/Comments/CommentThread'
import { whenSubscribed } from '@widgets/lib/realtime'
import Reactions from '@widgets/Reactions/Reactions'
import './PostTalk.css'

interface Props {
  targetKind: 'market-item' | 'lost-found' | 'safety-alert'
  targetId: number
  /** The post's own live channel. */
  channel: string
  title: string
  /** Counts per emoji when the page was rendered. */
  reactions: Record<string, number>
  /** The thread as the page was rendered (in the HTML, so it reads without JavaScript). */
  comments: CommentView[]
  /** The reaction counts of those comments, by comment id. */
  commentReactions: Record<number, Record<string, number>>
  now: string
  /** A comment of this page that came back refused (posted without JavaScript). */
  form?: FormState
  /** The reader as the server knew them (null: signed out). */
  viewerId: number | null
}

/**
 * A market item's, lost and found post's or verified alert's reactions and comments: the house's
 * one reactions bar and one comments thread, both live on the post's channel and started from
 * the page's own data, as on a story or a discussion.
 */
export default function PostTalk({
  targetKind,
  targetId,
  channel,
  title,
  reactions,
  comments,
  commentReactions,
  now,
  form,
  viewerId,
}: Props) {
  // The bar and the thread hold the subscriptions; this only shows (and tells tests) it is live.
  const [live, setLive] = useState(false)
  useEffect(() => whenSubscribed(channel, () => setLive(true)), [channel])
  return (
    <section
      className="post-talk"
      aria-label="Reactions and comments"
      data-live={live ? 'subscribed' : 'connecting'}
    >
      <Reactions
        targetKind={targetKind}
        targetId={targetId}
        initial={{ counts: reactions }}
        channel={channel}
        label={`Reactions to “${title}”`}
      />
      <CommentThread
        targetKind={targetKind}
        targetId={targetId}
        channel={channel}
        initialCount={comments.length}
        collapsible={false}
        initialComments={comments}
        reactions={commentReactions}
        now={now}
        form={form}
        viewerId={viewerId}
      />
    </section>
  )
}
