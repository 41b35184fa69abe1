import type { CollectionConfig } from 'payload'

import { serverWritten, staff, staffOrOwner } from '@collections/access'
import { announceApiChange } from '@collections/shared/apiChanges'

/**
 * One vote per user and poll (unique index). Votes are cast only through POST /api/polls/:id/vote;
 * members read their own, staff all; per-option counts are public via /api/polls/:id/summary.
 */
export const PollVotes: CollectionConfig = {
  slug: 'poll-votes',
  access: serverWritten(staffOrOwner('user'), staff),
  admin: { defaultColumns: ['poll', 'user', 'optionIndex', 'createdAt'] },
  indexes: [{ fields: ['poll', 'user'], unique: true }],
  fields: [
    { name: 'poll', type: 'relationship', relationTo: 'polls', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'optionIndex', type: 'number', required: true, min: 0 },
  ],
  hooks: { afterChange: [announceApiChange], afterDelete: [announceApiChange] },
}
