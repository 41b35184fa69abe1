import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import { nobody, serverWritten } from '@collections/access'
import { blockMember, listBlocked } from './endpoints/block'

/**
 * Who blocked whom for private messages: neither can send to the other, and the conversation
 * leaves the blocker's list. The blocked member is never told, so only the blocker reads it
 * (GET /api/blocks).
 */
export const Blocks: CollectionConfig = {
  slug: 'blocks',
  custom: { api: { hidden: true } satisfies CollectionApi },
  access: serverWritten(nobody),
  admin: { hidden: true },
  indexes: [{ fields: ['blocker', 'blocked'], unique: true }],
  fields: [
    { name: 'blocker', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'blocked', type: 'relationship', relationTo: 'users', required: true, index: true },
  ],
  endpoints: [blockMember, listBlocked],
}
