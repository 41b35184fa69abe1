import type { CollectionConfig } from 'payload'

import { MAIL_KINDS } from '@/rules/notificationPrefs'
import { adminOnly, serverWritten } from '@collections/access'
import { unsubscribeEndpoints } from './unsubscribe/endpoints'

/**
 * The outbox: one row per e-mail the site owes a member (notifications gathered by kind, the
 * daily gathering, the weekly digest). Written by the dispatch job with its content and a
 * Message-ID fixed once, so a retry after a crash resends the same mail, never a second one;
 * `sentAt` is set when the SMTP server took it. Only admins read it; nobody writes it by API.
 */
export const Mails: CollectionConfig = {
  slug: 'mails',
  labels: { singular: 'Outbox mail', plural: 'Outbox' },
  access: serverWritten(adminOnly, adminOnly),
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'to', 'kind', 'sentAt', 'createdAt'],
    description: 'E-mails to members: queued, then sent once by the job queue.',
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['user', 'kind', 'createdAt'] }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'kind', type: 'select', options: [...MAIL_KINDS], required: true },
    { name: 'to', type: 'email', required: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'messageId', type: 'text', required: true, unique: true },
    // The content is built when it is sent (what is still visible then) and kept for editors.
    { name: 'text', type: 'textarea', admin: { readOnly: true } },
    { name: 'html', type: 'code', admin: { language: 'html', readOnly: true } },
    { name: 'sentAt', type: 'date', index: true, admin: { readOnly: true } },
    // A messages mail is about one conversation: its 15-minute window is that conversation's.
    { name: 'conversation', type: 'relationship', relationTo: 'conversations', index: true },
  ],
  endpoints: unsubscribeEndpoints,
}
