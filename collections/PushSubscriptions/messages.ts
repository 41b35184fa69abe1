import type { CollectionConfig } from 'payload'

import { adminOnly, serverWritten } from '@collections/access'

/**
 * The push outbox: one row per notification and device it is due to (unique pair), written by
 * the dispatch job, `sentAt` set in the transaction that handed it to the push service, so a
 * crash mid-send pushes it again rather than never. Only admins read it; nobody writes it by API.
 */
export const PushMessages: CollectionConfig = {
  slug: 'push-messages',
  labels: { singular: 'Push', plural: 'Push outbox' },
  access: serverWritten(adminOnly, adminOnly),
  admin: {
    defaultColumns: ['notification', 'subscription', 'sentAt', 'createdAt'],
    description: 'Push notifications to members’ devices: queued, then sent by the job queue.',
  },
  defaultSort: '-createdAt',
  indexes: [{ fields: ['notification', 'subscription'], unique: true }],
  fields: [
    { name: 'notification', type: 'relationship', relationTo: 'notifications', index: true },
    { name: 'subscription', type: 'relationship', relationTo: 'push-subscriptions', index: true },
    { name: 'sentAt', type: 'date', index: true, admin: { readOnly: true } },
  ],
}
