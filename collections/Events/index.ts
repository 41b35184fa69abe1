import type { CollectionConfig } from 'payload'

import { markSiteStale } from '../../src/server/siteRevision'
import { MESSAGES } from '../../src/rules/messages'
import { eventSchema } from '../../src/schemas/event'
import { signedIn, staffOrAuthor } from '../access'
import { readableContent } from '../shared/contentAccess'
import { counterField, keepCounters } from '../shared/counters'
import { authorField, hiddenField, neighbourhoodField, tagsField } from '../shared/fields'
import { setAuthor, validateWith } from '../shared/hooks'
import { immutable } from '../shared/immutable'
import { neighbourhoodMustExist } from '../shared/neighbourhoodMustExist'
import { normaliseTags } from '../shared/normaliseTags'
import { requireSignIn } from '../shared/requireSignIn'
import { rsvpEndpoint } from './endpoints/rsvp'
import { deleteRsvps } from './hooks/deleteRsvps'
import { publishEvent, publishEventDeleted } from './hooks/publishEvent'

/**
 * Neighbourhood events (SPEC neighbourhood_events); the neighbourhood is optional and fixed once
 * set. attendingCount and interestedCount follow the event-rsvps rows (POST /:id/rsvp).
 */
export const Events: CollectionConfig = {
  slug: 'events',
  access: {
    read: readableContent({ privacy: true }),
    create: signedIn,
    update: staffOrAuthor,
    delete: staffOrAuthor,
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'eventDate', 'location', 'neighbourhood', 'author'],
  },
  // Lists show the soonest first (SPEC §7).
  defaultSort: 'eventDate',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', required: true, maxLength: 10_000 },
    {
      name: 'eventDate',
      type: 'date',
      required: true,
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
    { name: 'location', type: 'text', required: true, maxLength: 300 },
    { name: 'isPublic', type: 'checkbox', defaultValue: true, index: true },
    { name: 'image', type: 'upload', relationTo: 'media' },
    tagsField,
    immutable(neighbourhoodField(false)),
    authorField(),
    hiddenField,
    counterField('attendingCount'),
    counterField('interestedCount'),
  ],
  hooks: {
    beforeOperation: [requireSignIn(MESSAGES.mustBeLoggedInToPost)],
    beforeValidate: [
      normaliseTags,
      validateWith(eventSchema),
      neighbourhoodMustExist(MESSAGES.neighbourhoodNotFound),
    ],
    beforeChange: [setAuthor(), keepCounters('attendingCount', 'interestedCount')],
    afterChange: [publishEvent, markSiteStale],
    beforeDelete: [deleteRsvps],
    afterDelete: [publishEventDeleted, markSiteStale],
  },
  endpoints: [rsvpEndpoint],
}
