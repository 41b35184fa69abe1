import type { CollectionConfig } from 'payload'

import { EMOJI, REACTION_TARGET_KINDS } from '@/rules/targets'
import { anyone, serverWritten, staffOrOwner } from '@collections/access'
import { myReactions } from './endpoints/mine'
import { reactionSummary } from './endpoints/summary'
import { toggleReaction } from './endpoints/toggle'
import { announceApiChange } from '@collections/shared/apiChanges'

/**
 * Every emoji reaction of the product, for all seven target kinds (SPEC §4). The database keeps
 * one reaction per user per target (unique index); writes go through POST /api/reactions/toggle.
 */
export const Reactions: CollectionConfig = {
  slug: 'reactions',
  access: serverWritten(anyone, staffOrOwner('user')),
  admin: { defaultColumns: ['targetKind', 'targetId', 'emoji', 'user'] },
  indexes: [{ fields: ['targetKind', 'targetId', 'user'], unique: true }],
  fields: [
    {
      name: 'targetKind',
      type: 'select',
      options: [...REACTION_TARGET_KINDS],
      required: true,
      index: true,
    },
    { name: 'targetId', type: 'number', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'emoji', type: 'select', options: Object.keys(EMOJI), required: true },
  ],
  endpoints: [toggleReaction, reactionSummary, myReactions],
  hooks: { afterChange: [announceApiChange], afterDelete: [announceApiChange] },
}
