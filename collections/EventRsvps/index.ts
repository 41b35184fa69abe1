import type { Access, CollectionConfig, Where } from 'payload'

import { RSVP_STATUSES } from '@/rules/rsvp'
import { isStaffUser, serverWritten, staffOrOwner, userId } from '@collections/access'
import { recountAfterChange, recountAfterDelete } from './hooks/recount'
import { announceApiChange } from '@collections/shared/apiChanges'

/** Anyone sees the RSVPs of public, visible events (the events list shows them); a member also
 * their own; staff all. RSVPs of a private event do not tell who goes to it. */
const readRsvps: Access = ({ req }) => {
  if (isStaffUser(req.user)) return true
  const publicEvent: Where = {
    and: [{ 'event.isPublic': { equals: true } }, { 'event.hidden': { not_equals: true } }],
  }
  const id = userId(req.user)
  return id === undefined ? publicEvent : { or: [publicEvent, { user: { equals: id } }] }
}

/**
 * One RSVP per user and event (unique index). Members RSVP through POST /api/events/:id/rsvp;
 * direct creates and edits are refused, so the event's counters cannot drift.
 */
export const EventRsvps: CollectionConfig = {
  slug: 'event-rsvps',
  access: serverWritten(readRsvps, staffOrOwner('user')),
  admin: { defaultColumns: ['event', 'user', 'status', 'createdAt'] },
  indexes: [{ fields: ['event', 'user'], unique: true }],
  fields: [
    { name: 'event', type: 'relationship', relationTo: 'events', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'status', type: 'select', options: [...RSVP_STATUSES], required: true },
  ],
  hooks: {
    afterChange: [recountAfterChange, announceApiChange],
    afterDelete: [recountAfterDelete, announceApiChange],
  },
}
