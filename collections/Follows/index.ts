import type { CollectionConfig } from 'payload'

import { serverWritten, staffOrOwner } from '@collections/access'
import { announceApiChange } from '@collections/shared/apiChanges'
import { followState } from './endpoints/state'
import { toggleFollow } from './endpoints/toggle'

/**
 * Who follows which neighbourhood: one row per member and neighbourhood (unique index). Written
 * only through POST /api/follows/toggle; a member reads their own, everyone reads the counts
 * (GET /api/follows/state).
 */
export const Follows: CollectionConfig = {
  slug: 'follows',
  access: serverWritten(staffOrOwner('user')),
  admin: { defaultColumns: ['neighbourhood', 'user', 'createdAt'] },
  indexes: [{ fields: ['user', 'neighbourhood'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    {
      name: 'neighbourhood',
      type: 'relationship',
      relationTo: 'neighbourhoods',
      required: true,
      index: true,
    },
  ],
  endpoints: [toggleFollow, followState],
  hooks: { afterChange: [announceApiChange], afterDelete: [announceApiChange] },
}
