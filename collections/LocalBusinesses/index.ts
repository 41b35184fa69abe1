import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import type { LocalBusiness } from '@/payload-types'
import { searchHooks } from '@collections/Search/reindex'
import { channels } from '@/server/services/realtime'
import { channelOf, liveHooks, notHidden } from '@collections/shared/live'

import { VIBE_EMOJIS, VIBE_EMOJI_NAMES } from '@/rules/localSpots'
import { MESSAGES } from '@/rules/messages'
import { localBusinessSchema } from '@/schemas/localBusiness'
import { stalePages } from '@collections/shared/stalePages'
import { contentAccess } from '@collections/shared/contentAccess'
import { deleteEngagement } from '@collections/shared/engagementCleanup'
import { authorField, hiddenField, neighbourhoodField } from '@collections/shared/fields'
import { neighbourhoodMustExist } from '@collections/shared/neighbourhoodMustExist'
import { requireSignIn } from '@collections/shared/requireSignIn'
import { setAuthor, validateWith } from '@collections/shared/hooks'
import { counterField, keepCounters } from '@collections/shared/counters'
import { protectedCreatedAt } from '@collections/shared/timestamps'
import { localSpotEndpoints } from './endpoints'
import { deleteBadges } from './hooks/deleteBadges'
import { enforceEditWindow } from './hooks/enforceEditWindow'
import { normaliseCategory } from './hooks/normaliseCategory'
import { announceApiChange } from '@collections/shared/apiChanges'
import { publicPage } from '@collections/shared/preview'
import { followOnFirstPost } from '@collections/Follows/followOnFirstPost'

/** Site search follows every write in its transaction. */
const search = searchHooks<LocalBusiness>('spot')

/**
 * Readers of a neighbourhood's local spots see new, edited and removed spots at once; so do its
 * followers (their feed's 'new posts', on the neighbourhood's channel).
 */
const live = liveHooks<LocalBusiness>({
  entity: 'business',
  channels: (doc) => [
    channelOf(doc.neighbourhood, channels.localSpots),
    channelOf(doc.neighbourhood, channels.neighbourhood),
  ],
  visible: notHidden,
  fields: [
    'name',
    'category',
    'description',
    'address',
    'googleMapsUrl',
    'image',
    'emojis',
    'neighbourhood',
    'author',
    'reactionCount',
    'createdAt',
    'updatedAt',
  ],
})

/** The prerendered pages that show one. */
const pages = stalePages<LocalBusiness>((doc, find) => find.neighbourhood(doc.neighbourhood))

/**
 * Local spots (SPEC local_businesses): businesses neighbours suggest. The owner edits within 7
 * days and deletes any time; staff always may.
 */
export const LocalBusinesses: CollectionConfig = {
  slug: 'local-businesses',
  custom: { api: { writes: [] } satisfies CollectionApi },
  labels: { singular: 'Local spot', plural: 'Local spots' },
  access: contentAccess({ privacy: false }),
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'category', 'description', 'neighbourhood', 'author', 'hidden'],
    listSearchableFields: ['name', 'description', 'address'],
    preview: publicPage((_doc, slug) => `/neighbourhood/${slug}/local-spots`),
  },
  defaultSort: '-createdAt',
  endpoints: localSpotEndpoints,
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120 },
    // A known key (cafe, restaurant, gym, barber, store) or the free text written under 'Other'.
    { name: 'category', type: 'text', required: true, index: true, maxLength: 60 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'address', type: 'text', maxLength: 300 },
    { name: 'googleMapsUrl', type: 'text' },
    { name: 'image', type: 'upload', relationTo: 'media' },
    {
      name: 'emojis',
      type: 'select',
      hasMany: true,
      options: VIBE_EMOJI_NAMES.map((name) => ({
        label: `${VIBE_EMOJIS[name]} ${name}`,
        value: name,
      })),
    },
    neighbourhoodField(true),
    authorField(),
    hiddenField,
    counterField('reactionCount'),
    protectedCreatedAt,
  ],
  hooks: {
    beforeOperation: [requireSignIn(MESSAGES.loginToSuggestSpot)],
    beforeValidate: [
      enforceEditWindow,
      normaliseCategory,
      validateWith(localBusinessSchema),
      neighbourhoodMustExist(MESSAGES.neighbourhoodNotFound),
    ],
    beforeChange: [setAuthor(), keepCounters('reactionCount')],
    afterChange: [
      search.afterChange,
      live.afterChange,
      pages.afterChange,
      announceApiChange,
      followOnFirstPost('local_businesses', 'author_id'),
    ],
    beforeDelete: [deleteBadges],
    afterDelete: [
      search.afterDelete,
      deleteEngagement('local-business'),
      live.afterDelete,
      pages.afterDelete,
      announceApiChange,
    ],
  },
}
