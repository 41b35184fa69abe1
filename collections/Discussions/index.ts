import { protectedCreatedAt } from '@collections/shared/timestamps'
import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import type { Discussion } from '@/payload-types'
import { searchHooks } from '@collections/Search/reindex'
import { channels } from '@/server/services/realtime'
import { channelOf, liveHooks, notHidden } from '@collections/shared/live'

import { deleteEngagement } from '@collections/shared/engagementCleanup'

import { stalePages, HOME } from '@collections/shared/stalePages'
import { MESSAGES } from '@/rules/messages'
import { discussionSchema } from '@/schemas/discussion'
import { contentAccess } from '@collections/shared/contentAccess'
import { counterField, keepCounters } from '@collections/shared/counters'
import { authorField, hiddenField, neighbourhoodField, tagsField } from '@collections/shared/fields'
import { setAuthor, validateWith } from '@collections/shared/hooks'
import { immutable } from '@collections/shared/immutable'
import { neighbourhoodMustExist } from '@collections/shared/neighbourhoodMustExist'
import { normaliseTags } from '@collections/shared/normaliseTags'
import { discussionEndpoints } from './endpoints'
import { announceApiChange } from '@collections/shared/apiChanges'
import { mentionHooks, mentionsField } from '@collections/shared/mentions'
import { publicPage } from '@collections/shared/preview'
import { followOnFirstPost } from '@collections/Follows/followOnFirstPost'

/** Site search follows every write in its transaction. */
const search = searchHooks<Discussion>('discussion')

/**
 * The community forum sees discussions appear, change and go at once; so do the followers of
 * the discussion's neighbourhood (their feed's 'new posts').
 */
const live = liveHooks<Discussion>({
  entity: 'discussion',
  channels: (doc) => [channels.forum, channelOf(doc.neighbourhood, channels.neighbourhood)],
  visible: notHidden,
  fields: [
    'title',
    'content',
    'mentions',
    'tags',
    'neighbourhood',
    'author',
    'reactionCount',
    'commentCount',
    'createdAt',
    'updatedAt',
  ],
})

const mentions = mentionHooks('discussions', {
  text: 'content',
  author: 'author',
  noun: 'discussion',
  place: (_req, doc) => ({ kind: 'discussion', id: doc.id }),
})

/** The prerendered pages that show one. */
const pages = stalePages<Discussion>(async (doc, find) => [
  ...(await find.neighbourhood(doc.neighbourhood)),
  HOME,
])

/**
 * Forum discussions, optionally about one neighbourhood. reactionCount and commentCount are kept
 * by the reactions and comments code and give the default order (most reacted, then newest).
 */
export const Discussions: CollectionConfig = {
  slug: 'discussions',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: contentAccess({ privacy: false }),
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'content', 'neighbourhood', 'author', 'hidden', 'createdAt'],
    listSearchableFields: ['title', 'content'],
    preview: publicPage((doc) => `/discussions/${String(doc.id)}`),
  },
  // SPEC §7: discussions view ordered by reaction_count, then created_at, both descending.
  defaultSort: ['-reactionCount', '-createdAt'],
  endpoints: discussionEndpoints,
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'content', type: 'textarea', required: true, maxLength: 10_000 },
    mentionsField,
    immutable(neighbourhoodField(false)),
    tagsField,
    authorField(),
    hiddenField,
    protectedCreatedAt,
    counterField('reactionCount', true),
    counterField('commentCount'),
  ],
  hooks: {
    beforeValidate: [
      normaliseTags,
      validateWith(discussionSchema),
      neighbourhoodMustExist(MESSAGES.neighbourhoodNotFound),
    ],
    beforeChange: [
      setAuthor(),
      keepCounters('reactionCount', 'commentCount'),
      mentions.beforeChange,
    ],
    afterChange: [
      search.afterChange,
      live.afterChange,
      mentions.afterChange,
      pages.afterChange,
      announceApiChange,
      followOnFirstPost('discussions', 'author_id'),
    ],
    afterDelete: [
      search.afterDelete,
      deleteEngagement('discussion', 'discussion'),
      live.afterDelete,
      pages.afterDelete,
      announceApiChange,
    ],
  },
}
