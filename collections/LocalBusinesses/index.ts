import type { CollectionConfig } from 'payload'

import { VIBE_EMOJIS, VIBE_EMOJI_NAMES } from '../../src/rules/localSpots'
import { MESSAGES } from '../../src/rules/messages'
import { localBusinessSchema } from '../../src/schemas/localBusiness'
import { markSiteStale } from '../../src/server/siteRevision'
import { signedIn, staffOrAuthor } from '../access'
import { readableContent } from '../shared/contentAccess'
import { deleteEngagement } from '../shared/engagementCleanup'
import { authorField, hiddenField, neighbourhoodField } from '../shared/fields'
import { neighbourhoodMustExist } from '../shared/neighbourhoodMustExist'
import { requireSignIn } from '../shared/requireSignIn'
import { setAuthor, validateWith } from '../shared/hooks'
import { counterField, keepCounters } from '../shared/counters'
import { protectedCreatedAt } from '../shared/timestamps'
import { deleteBadges } from './hooks/deleteBadges'
import { enforceEditWindow } from './hooks/enforceEditWindow'
import { normaliseCategory } from './hooks/normaliseCategory'
import { publishBusiness, publishBusinessDeleted } from './hooks/publishBusiness'

/**
 * Local spots (SPEC local_businesses): businesses neighbours suggest. The owner edits within 7
 * days and deletes any time; staff always may.
 */
export const LocalBusinesses: CollectionConfig = {
  slug: 'local-businesses',
  labels: { singular: 'Local spot', plural: 'Local spots' },
  access: {
    read: readableContent({ privacy: false }),
    create: signedIn,
    update: staffOrAuthor,
    delete: staffOrAuthor,
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'category', 'neighbourhood', 'author', 'createdAt'],
  },
  defaultSort: '-createdAt',
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
    afterChange: [publishBusiness, markSiteStale],
    beforeDelete: [deleteBadges],
    afterDelete: [deleteEngagement('local-business'), publishBusinessDeleted, markSiteStale],
  },
}
