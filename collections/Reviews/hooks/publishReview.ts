import { relId } from '@/views/media'
import { type LiveContent, notHidden, publishChange, publishDelete } from '@collections/shared/live'
import { channels } from '@/server/realtime'

/**
 * Readers of the neighbourhood page see a new or edited review at once; a hidden or deleted one
 * is announced as `review.deleted` (hidden text never goes out on the public channel).
 */
const live: LiveContent = {
  entity: 'review',
  channels: (doc) => {
    const neighbourhood = relId(doc.neighbourhood)
    return neighbourhood === null ? [] : [channels.neighbourhood(neighbourhood)]
  },
  visible: notHidden,
  view: (doc) => ({
    id: doc.id,
    user: relId(doc.user),
    authorName: doc.authorName,
    rating: doc.rating,
    comment: doc.comment,
    photo: relId(doc.photo),
    createdAt: doc.createdAt,
  }),
}

export const publishReview = publishChange(live)
export const publishReviewDeleted = publishDelete(live)
