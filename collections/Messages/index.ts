import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import { nobody, serverWritten } from '@collections/access'

/**
 * The messages of private conversations. Nobody reads them through REST or the admin, staff
 * included: the two members read them through the conversation's commands, and a reported one
 * reaches the moderation queue as a copy in its report (collections/Reports). A deleted account's
 * messages keep their place with the text 'Message removed'.
 */
export const Messages: CollectionConfig = {
  slug: 'messages',
  custom: { api: { hidden: true } satisfies CollectionApi },
  access: serverWritten(nobody),
  admin: { hidden: true },
  indexes: [{ fields: ['conversation', 'createdAt'] }],
  fields: [
    { name: 'conversation', type: 'relationship', relationTo: 'conversations', required: true },
    { name: 'sender', type: 'relationship', relationTo: 'users', index: true },
    { name: 'body', type: 'textarea', required: true },
  ],
}
