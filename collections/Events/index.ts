import { protectedCreatedAt } from '@collections/shared/timestamps'
import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import type { Event } from '@/payload-types'
import { searchHooks } from '@collections/Search/reindex'
import { channels } from '@/server/services/realtime'
import { channelOf, liveHooks, publicAndNotHidden } from '@collections/shared/live'

import { stalePages, HOME } from '@collections/shared/stalePages'
import { MESSAGES } from '@/rules/messages'
import { eventSchema } from '@/schemas/event'
import { contentAccess } from '@collections/shared/contentAccess'
import { counterField, keepCounters } from '@collections/shared/counters'
import { authorField, hiddenField, neighbourhoodField, tagsField } from '@collections/shared/fields'
import { setAuthor, validateWith } from '@collections/shared/hooks'
import { immutable } from '@collections/shared/immutable'
import { neighbourhoodMustExist } from '@collections/shared/neighbourhoodMustExist'
import { normaliseTags } from '@collections/shared/normaliseTags'
import { requireSignIn } from '@collections/shared/requireSignIn'
import { eventEndpoints } from './endpoints'
import { deleteRsvps } from './hooks/deleteRsvps'
import { eventReminders, tellAttendeesOfDelete } from './reminders'
import { notifyNewEvent } from './hooks/notifyNewEvent'
import { announceApiChange } from '@collections/shared/apiChanges'
import { publicPage } from '@collections/shared/preview'
import { followOnFirstPost } from '@collections/Follows/followOnFirstPost'

/** Site search follows every write in its transaction. */
const search = searchHooks<Event>('event')

/** The /event list and the neighbourhood's events page see public events change at once. */
const live = liveHooks<Event>({
  entity: 'event',
  channels: (doc) => [channelOf(doc.neighbourhood, channels.neighbourhood), channels.events],
  visible: publicAndNotHidden,
  fields: [
    'title',
    'description',
    'eventDate',
    'location',
    'image',
    'tags',
    'neighbourhood',
    'author',
    'attendingCount',
    'interestedCount',
    'createdAt',
    'updatedAt',
  ],
})

/** The prerendered pages that show one. */
const pages = stalePages<Event>(async (doc, find) => [
  ...(await find.neighbourhood(doc.neighbourhood)),
  HOME,
])

/**
 * Neighbourhood events (SPEC neighbourhood_events); the neighbourhood is optional and fixed once
 * set. attendingCount and interestedCount follow the event-rsvps rows (POST /:id/rsvp).
 */
export const Events: CollectionConfig = {
  slug: 'events',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: contentAccess({ privacy: true }),
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'description', 'eventDate', 'neighbourhood', 'author', 'hidden'],
    listSearchableFields: ['title', 'description', 'location'],
    preview: publicPage((_doc, slug) => (slug ? `/neighbourhood/${slug}/events` : '/event')),
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
    // Called off but kept, so its page says so; its attendees are told once.
    { name: 'cancelled', type: 'checkbox', defaultValue: false },
    {
      // The start time the day-before reminder went out for: a job run twice sends it once.
      name: 'reminderSentFor',
      type: 'date',
      access: { create: () => false, update: () => false },
      admin: { hidden: true },
    },
    { name: 'image', type: 'upload', relationTo: 'media' },
    tagsField,
    immutable(neighbourhoodField(false)),
    authorField(),
    hiddenField,
    protectedCreatedAt,
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
    afterChange: [
      search.afterChange,
      live.afterChange,
      pages.afterChange,
      notifyNewEvent,
      eventReminders,
      announceApiChange,
      followOnFirstPost('events', 'author_id'),
    ],
    beforeDelete: [tellAttendeesOfDelete, deleteRsvps],
    afterDelete: [search.afterDelete, live.afterDelete, pages.afterDelete, announceApiChange],
  },
  endpoints: eventEndpoints,
}
