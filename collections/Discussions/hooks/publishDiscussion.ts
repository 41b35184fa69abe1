import { relId } from '@/views/media'
import { notHidden, publishChange, publishDelete, type LiveContent } from '@collections/shared/live'
import { channels } from '@/server/realtime'

/** The community forum sees discussions appear, change and go at once. */
const live: LiveContent = {
  entity: 'discussion',
  channels: () => [channels.forum],
  visible: notHidden,
  view: (doc) => ({
    id: doc.id,
    title: doc.title,
    content: doc.content,
    tags: doc.tags,
    neighbourhood: relId(doc.neighbourhood),
    author: relId(doc.author),
    reactionCount: doc.reactionCount,
    commentCount: doc.commentCount,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }),
}

export const publishDiscussion = publishChange(live)
export const publishDiscussionDeleted = publishDelete(live)
