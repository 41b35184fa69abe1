import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import type { Review } from '@/payload-types'
import { refreshNeighbourhoodRating } from '@collections/Search/reindex'
import { channels } from '@/server/services/realtime'
import { channelOf, liveHooks, notHidden } from '@collections/shared/live'

import { MESSAGES } from '@/rules/messages'
import { reviewSchema } from '@/schemas/review'
import { stalePages, HOME, LIST, TOP_REVIEWERS } from '@collections/shared/stalePages'
import {
  isStaffUser,
  signedIn,
  staff,
  staffOrOwner,
  throughCommand,
  visibleUnlessHidden,
} from '@collections/access'
import { counterField, keepCounters } from '@collections/shared/counters'
import { deleteEngagement } from '@collections/shared/engagementCleanup'
import { hiddenField } from '@collections/shared/fields'
import { validateWith } from '@collections/shared/hooks'
import { neighbourhoodMustExist } from '@collections/shared/neighbourhoodMustExist'
import { requireSignIn } from '@collections/shared/requireSignIn'
import { protectedCreatedAt } from '@collections/shared/timestamps'
import { claimReview } from './endpoints/claim'
import { editReviewEndpoint } from './endpoints/edit'
import { postReviewEndpoint } from './endpoints/post'
import { awardBadges } from './hooks/awardBadges'
import { mentionHooks, mentionsField } from '@collections/shared/mentions'
import { setAuthor } from './hooks/setAuthor'
import { announceApiChange } from '@collections/shared/apiChanges'
import { publicPage } from '@collections/shared/preview'
import { followOnFirstPost } from '@collections/Follows/followOnFirstPost'

const staffOnly = ({ req }: { req: { user: Parameters<typeof isStaffUser>[0] } }) =>
  isStaffUser(req.user)

/** Readers of the neighbourhood page see a new, edited, hidden or deleted review at once. */
const live = liveHooks<Review>({
  entity: 'review',
  channels: (doc) => [channelOf(doc.neighbourhood, channels.neighbourhood)],
  visible: notHidden,
  fields: ['user', 'authorName', 'rating', 'comment', 'mentions', 'photo', 'createdAt'],
})

const mentions = mentionHooks('reviews', {
  text: 'comment',
  author: 'user',
  noun: 'review',
  place: (_req, doc) => ({ kind: 'review', id: doc.id }),
  anchor: (doc) => `#review-${doc.id}`,
})

/** The prerendered pages that show one. */
const pages = stalePages<Review>(async (doc, find) => [
  ...(await find.neighbourhood(doc.neighbourhood)),
  HOME,
  LIST,
  TOP_REVIEWERS,
])

/**
 * Star-rated reviews of a neighbourhood. `user` empty = unclaimed (written before sign-up); a
 * signed-in user claims one with POST /api/reviews/:id/claim. Authors edit their own text and
 * rating; only staff delete (the product offers no review delete).
 */
export const Reviews: CollectionConfig = {
  slug: 'reviews',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: {
    read: visibleUnlessHidden,
    create: throughCommand(signedIn),
    update: throughCommand(staffOrOwner('user')),
    delete: staff,
  },
  admin: {
    useAsTitle: 'comment',
    // What an editor judges from: the text, who, where, hidden, when.
    defaultColumns: ['comment', 'rating', 'authorName', 'neighbourhood', 'hidden', 'createdAt'],
    listSearchableFields: ['comment', 'authorName'],
    preview: publicPage((doc, slug) => `/neighbourhood/${slug}#review-${String(doc.id)}`),
  },
  defaultSort: '-createdAt',
  endpoints: [postReviewEndpoint, editReviewEndpoint, claimReview],
  fields: [
    {
      name: 'neighbourhood',
      type: 'relationship',
      relationTo: 'neighbourhoods',
      required: true,
      index: true,
      access: { update: staffOnly },
    },
    { name: 'user', type: 'relationship', relationTo: 'users', index: true },
    { name: 'authorName', type: 'text', required: true, maxLength: 80 },
    { name: 'rating', type: 'number', required: true, min: 1, max: 5, defaultValue: 5 },
    { name: 'comment', type: 'textarea', required: true, maxLength: 4000 },
    mentionsField,
    { name: 'photo', type: 'upload', relationTo: 'media' },
    hiddenField,
    counterField('reactionCount'),
    counterField('commentCount'),
    protectedCreatedAt,
  ],
  hooks: {
    beforeOperation: [requireSignIn(MESSAGES.loginToReview)],
    beforeValidate: [
      validateWith(reviewSchema),
      neighbourhoodMustExist(MESSAGES.neighbourhoodNotFound),
    ],
    beforeChange: [setAuthor, keepCounters('reactionCount', 'commentCount'), mentions.beforeChange],
    afterChange: [
      refreshNeighbourhoodRating,
      awardBadges,
      live.afterChange,
      mentions.afterChange,
      pages.afterChange,
      announceApiChange,
      followOnFirstPost('reviews', 'user_id'),
    ],
    afterDelete: [
      refreshNeighbourhoodRating,
      deleteEngagement('review', 'review'),
      live.afterDelete,
      pages.afterDelete,
      announceApiChange,
    ],
  },
}
