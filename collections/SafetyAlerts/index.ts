import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionAfterChangeHook, CollectionConfig } from 'payload'

import type { SafetyAlert } from '@/payload-types'
import { MESSAGES } from '@/rules/messages'
import { ALERT_CATEGORIES, ALERT_CATEGORY_LABELS } from '@/rules/safetyAlerts'
import { safetyAlertSchema } from '@/schemas/safetyAlert'
import { channels } from '@/server/services/realtime'
import { searchHooks, unindexDoc } from '@collections/Search/reindex'
import { staff } from '@collections/access'
import { readableContent } from '@collections/shared/contentAccess'
import { announceApiChange } from '@collections/shared/apiChanges'
import { counterField, keepCounters } from '@collections/shared/counters'
import { deleteEngagement } from '@collections/shared/engagementCleanup'
import {
  authorField,
  hiddenField,
  neighbourhoodField,
  staffWrites,
} from '@collections/shared/fields'
import { setAuthor, validateWith } from '@collections/shared/hooks'
import { immutable } from '@collections/shared/immutable'
import { channelOf, liveHooks } from '@collections/shared/live'
import { neighbourhoodMustExist } from '@collections/shared/neighbourhoodMustExist'
import { publicPage } from '@collections/shared/preview'
import { stalePages } from '@collections/shared/stalePages'
import { raiseAlertEndpoint } from './endpoints/raise'
import { verifyAlertEndpoint } from './endpoints/verify'
import { notifyFollowers } from './notifyFollowers'
import { placeNearNeighbourhood } from './placeNearNeighbourhood'
import { verifyStaffAlerts } from './verifyStaffAlerts'

/**
 * Site search follows every write in its transaction; only verified alerts have an entry (an
 * alert an editor un-verifies loses it).
 */
const search = searchHooks<SafetyAlert>('safety')
const searchAfterChange: CollectionAfterChangeHook<SafetyAlert> = async (args) => {
  if (args.doc.verifiedAt) return search.afterChange(args)
  await unindexDoc(args.req, 'safety', args.doc.id)
  return args.doc
}

/** Verified and not hidden: what followers, banners and live pages may show. */
export const isVerifiedAlert = (doc: Pick<SafetyAlert, 'verifiedAt' | 'hidden'>) =>
  Boolean(doc.verifiedAt) && doc.hidden !== true

/** Open neighbourhood pages see a verified alert arrive, change and go at once. */
const live = liveHooks<SafetyAlert>({
  entity: 'safety-alert',
  channels: (doc) => [channelOf(doc.neighbourhood, channels.neighbourhood)],
  visible: isVerifiedAlert,
  fields: [
    'category',
    'title',
    'body',
    'happenedAt',
    'latitude',
    'longitude',
    'neighbourhood',
    'verifiedAt',
    'createdAt',
  ],
})

/** The neighbourhood's page carries a verified alert's banner: rewritten when one changes. */
const pages = stalePages<SafetyAlert>(async (doc, find) => find.neighbourhood(doc.neighbourhood))

/**
 * Safety alerts neighbours raise (POST /api/safety-alerts/raise, at most three a day) and editors
 * verify (POST /api/safety-alerts/:id/verify) before they reach followers. Members write only
 * through those commands; editors also write in the admin, where their own alerts are verified
 * at once.
 */
export const SafetyAlerts: CollectionConfig = {
  slug: 'safety-alerts',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: {
    read: readableContent({ privacy: false }),
    create: staff,
    update: staff,
    delete: staff,
  },
  admin: {
    group: 'Neighbours',
    useAsTitle: 'title',
    defaultColumns: ['title', 'category', 'neighbourhood', 'verifiedAt', 'hidden', 'createdAt'],
    listSearchableFields: ['title', 'body'],
    preview: publicPage((doc) => `/safety/${String(doc.id)}`),
  },
  defaultSort: '-createdAt',
  endpoints: [raiseAlertEndpoint, verifyAlertEndpoint],
  fields: [
    {
      name: 'category',
      type: 'select',
      required: true,
      index: true,
      options: ALERT_CATEGORIES.map((value) => ({ value, label: ALERT_CATEGORY_LABELS[value] })),
    },
    { name: 'title', type: 'text', required: true, maxLength: 100 },
    { name: 'body', label: 'What happened', type: 'textarea', required: true, maxLength: 1_000 },
    {
      name: 'happenedAt',
      label: 'When',
      type: 'date',
      required: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      type: 'row',
      fields: [
        { name: 'latitude', type: 'number', min: -90, max: 90 },
        { name: 'longitude', type: 'number', min: -180, max: 180 },
      ],
    },
    immutable(neighbourhoodField(true)),
    authorField(),
    {
      name: 'verifiedAt',
      type: 'date',
      index: true,
      access: staffWrites,
      admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
    },
    {
      name: 'verifiedBy',
      type: 'relationship',
      relationTo: 'users',
      access: { create: () => false, update: () => false },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      name: 'verify',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/cms/components/VerifyAlert#VerifyAlert' },
      },
    },
    hiddenField,
    counterField('reactionCount'),
    counterField('commentCount'),
  ],
  hooks: {
    beforeValidate: [
      validateWith(safetyAlertSchema),
      neighbourhoodMustExist(MESSAGES.neighbourhoodNotFound),
    ],
    beforeChange: [
      setAuthor(),
      placeNearNeighbourhood,
      verifyStaffAlerts,
      keepCounters('reactionCount', 'commentCount'),
    ],
    afterChange: [
      notifyFollowers,
      searchAfterChange,
      live.afterChange,
      pages.afterChange,
      announceApiChange,
    ],
    afterDelete: [
      search.afterDelete,
      live.afterDelete,
      pages.afterDelete,
      deleteEngagement('safety-alert', 'safety-alert'),
      announceApiChange,
    ],
  },
}
