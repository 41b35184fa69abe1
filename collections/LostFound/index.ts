import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import type { LostFoundPost } from '@/payload-types'
import {
  DESCRIPTION_MAX,
  KIND_LABEL,
  LOST_FOUND_KINDS,
  LOST_FOUND_STATUSES,
  LOST_FOUND_WHAT,
  MAX_PHOTOS,
  TITLE_MAX,
  WHAT_LABEL,
} from '@/rules/lostFound'
import { channels } from '@/server/services/realtime'
import { searchHooks } from '@collections/Search/reindex'
import { staff, visibleUnlessHidden } from '@collections/access'
import { announceApiChange } from '@collections/shared/apiChanges'
import { counterField, keepCounters } from '@collections/shared/counters'
import { deleteEngagement } from '@collections/shared/engagementCleanup'
import { authorField, hiddenField, neighbourhoodField } from '@collections/shared/fields'
import { immutable } from '@collections/shared/immutable'
import { channelOf, liveHooks, notHidden } from '@collections/shared/live'
import { publicPage } from '@collections/shared/preview'
import { stalePages } from '@collections/shared/stalePages'
import { editLostFound } from './endpoints/edit'
import { lostFoundPins } from './endpoints/pins'
import { postLostFound } from './endpoints/post'
import { setLostFoundStatus } from './endpoints/status'
import { notifyLostFound } from './notifyFollowers'

/** Open pages of the neighbourhood show a new, changed, hidden or deleted post at once. */
const live = liveHooks<LostFoundPost>({
  entity: 'lost-found',
  channels: (doc) => [channelOf(doc.neighbourhood, channels.neighbourhood)],
  visible: notHidden,
  fields: ['kind', 'what', 'title', 'status', 'seenAt', 'latitude', 'longitude', 'neighbourhood'],
})

/** Site search follows every write in its transaction. */
const search = searchHooks<LostFoundPost>('lost-found')

/** The neighbourhood page counts them in its tabs. */
const pages = stalePages<LostFoundPost>((doc, find) => find.neighbourhood(doc.neighbourhood))

const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
  values.map((value) => ({ value, label: label(value) }))

/**
 * Lost and found posts. Members write them only through the lostFound commands (endpoints/),
 * which check the date, the place (rounded to about 100 m before it is stored, within 2 km of
 * the neighbourhood) and the photos; through the REST API only staff write.
 */
export const LostFoundPosts: CollectionConfig = {
  slug: 'lost-found-posts',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: { read: visibleUnlessHidden, create: staff, update: staff, delete: staff },
  admin: {
    group: 'Neighbours',
    useAsTitle: 'title',
    defaultColumns: ['title', 'kind', 'what', 'status', 'neighbourhood', 'hidden', 'createdAt'],
    listSearchableFields: ['title', 'description'],
    preview: publicPage((doc) => `/lost-found/${String(doc.id)}`),
  },
  defaultSort: '-createdAt',
  endpoints: [lostFoundPins, postLostFound, editLostFound, setLostFoundStatus],
  fields: [
    immutable(neighbourhoodField(true)),
    {
      name: 'kind',
      type: 'select',
      required: true,
      index: true,
      options: options(LOST_FOUND_KINDS, (k) => KIND_LABEL[k]),
    },
    {
      name: 'what',
      type: 'select',
      required: true,
      index: true,
      options: options(LOST_FOUND_WHAT, (w) => WHAT_LABEL[w]),
    },
    { name: 'title', type: 'text', required: true, maxLength: TITLE_MAX },
    { name: 'description', type: 'textarea', maxLength: DESCRIPTION_MAX },
    { name: 'photos', type: 'upload', relationTo: 'media', hasMany: true, maxRows: MAX_PHOTOS },
    { name: 'seenAt', type: 'date', required: true, index: true },
    // Rounded to about 100 m (src/rules/roughPlace.ts) before it is stored.
    { name: 'latitude', type: 'number', required: true, min: -90, max: 90 },
    { name: 'longitude', type: 'number', required: true, min: -180, max: 180 },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'open',
      index: true,
      options: options(LOST_FOUND_STATUSES, (s) => (s === 'open' ? 'Open' : 'Reunited')),
      admin: { position: 'sidebar' },
    },
    authorField(),
    hiddenField,
    counterField('reactionCount'),
    counterField('commentCount'),
  ],
  hooks: {
    beforeChange: [keepCounters('reactionCount', 'commentCount')],
    afterChange: [
      search.afterChange,
      live.afterChange,
      pages.afterChange,
      notifyLostFound,
      announceApiChange,
    ],
    afterDelete: [
      search.afterDelete,
      live.afterDelete,
      pages.afterDelete,
      deleteEngagement('lost-found', 'lost-found'),
      announceApiChange,
    ],
  },
}
