import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import type { EmojiName } from '@/rules/targets'
import type { CommentView } from '@/views/comment'
import type { FormState } from '@/views/forms'
import CommentThread from '@widgets/Comments/CommentThread'
import Reactions from '@widgets/Reactions/Reactions'
import { $storyLive, watchStoryChannel } from './live'
import './Stories.css'
import ReportButton from '@widgets/Reports/ReportButton'

// The story page's date island loads from this module too: one script file fewer for every
// reader (budget: at most 8 a page). TimeAgo stays its own small component.
export { default as TimeAgo } from './TimeAgo'

interface Props {
  storyId: number
  title: string
  /** Counts per emoji when the page was rendered. */
  reactions: Partial<Record<EmojiName, number>>
  commentCount: number
  /** Whose story it is: they get no Report button. */
  authorId?: number | null
  /** The thread as the page was rendered (in the HTML, so it reads without JavaScript). */
  comments?: CommentView[]
  /** The reaction counts of those comments, by comment id. */
  commentReactions?: Record<number, Record<string, number>>
  now?: string
  /** A comment of this page that came back refused (posted without JavaScript). */
  form?: FormState
}

/**
 * A story's reactions (heart, thumbs-up) and threaded comments, both live on `story-{id}`
 * (SPEC §4): the one reactions bar and the one comments thread of the house.
 */
export default function StoryEngagement({
  storyId,
  title,
  reactions,
  commentCount,
  authorId = null,
  comments,
  commentReactions,
  now,
  form,
}: Props) {
  const channel = `story-${storyId}`
  const live = useStore($storyLive)[channel] === true
  useEffect(() => watchStoryChannel(channel), [channel])

  return (
    <div className="story-engagement" data-live={live ? 'subscribed' : 'connecting'}>
      <Reactions
        targetKind="story"
        targetId={storyId}
        initial={{ counts: reactions }}
        channel={channel}
        label={`Reactions to “${title}”`}
      />
      <ReportButton kind="story" id={storyId} ownerId={authorId} label={`“${title}”`} />
      <CommentThread
        targetKind="story"
        targetId={storyId}
        channel={channel}
        initialCount={commentCount}
        collapsible={false}
        initialComments={comments}
        reactions={commentReactions}
        now={now}
        form={form}
      />
    </div>
  )
}
