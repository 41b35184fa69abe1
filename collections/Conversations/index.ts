import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import { ABOUT_KINDS } from '@/rules/privateMessages'
import { nobody, serverWritten } from '@collections/access'
import { listConversations } from './endpoints/list'
import { markSeen } from './endpoints/seen'
import { readConversation } from './endpoints/read'
import { reportMessage } from './endpoints/report'
import { sendMessage } from './endpoints/send'
import { startConversation } from './endpoints/start'

/**
 * A private conversation between two members (the starter and the recipient). Only the two read
 * it, and only through its commands (src/contracts/messages.ts): the REST routes read nothing for
 * anyone, staff included, and the admin does not list it. One per pair and thing it is about
 * (`pairKey`, unique). Each side's `…SeenAt` is when they last opened it: unread marks and 'Seen'.
 */
export const Conversations: CollectionConfig = {
  slug: 'conversations',
  custom: { api: { hidden: true } satisfies CollectionApi },
  access: serverWritten(nobody),
  admin: { hidden: true },
  // Each member's list, newest first (src/data/conversations.ts reads each side from its own).
  indexes: [{ fields: ['starter', 'lastMessageAt'] }, { fields: ['recipient', 'lastMessageAt'] }],
  fields: [
    { name: 'pairKey', type: 'text', required: true, unique: true },
    { name: 'starter', type: 'relationship', relationTo: 'users', index: true },
    { name: 'recipient', type: 'relationship', relationTo: 'users', index: true },
    { name: 'title', type: 'text' },
    { name: 'aboutKind', type: 'select', options: [...ABOUT_KINDS] },
    { name: 'aboutId', type: 'number' },
    { name: 'lastMessageAt', type: 'date' },
    { name: 'lastSender', type: 'relationship', relationTo: 'users' },
    { name: 'starterSeenAt', type: 'date' },
    { name: 'recipientSeenAt', type: 'date' },
    // Set when either member's account is deleted: nobody can send any more.
    { name: 'closed', type: 'checkbox', defaultValue: false },
  ],
  endpoints: [
    startConversation,
    listConversations,
    readConversation,
    sendMessage,
    markSeen,
    reportMessage,
  ],
}
