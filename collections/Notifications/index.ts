import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import type { Notification } from '@/payload-types'
import { channels } from '@/server/services/realtime'
import { channelOf, liveHooks } from '@collections/shared/live'

import { hasRole, userId } from '@collections/access'

/** Stored first, pushed second: the bell hears of it on the user's private channel. */
const live = liveHooks<Notification>({
  entity: 'notification',
  channels: (doc) => [channelOf(doc.user, channels.userPrivate)],
  fields: ['type', 'message', 'link', 'isRead', 'createdAt'],
})

export const NOTIFICATION_TYPES = [
  'reaction',
  'comment',
  'reply',
  'comment-reply',
  'poll-vote',
  'new-event',
  'badge',
  // Someone signed up through the user's invite link.
  'friend-joined',
  // An editor's decision about the user's post or account.
  'moderation',
  // Someone wrote @userName in a post.
  'mention',
  // An event the member attends: tomorrow, moved, or called off.
  'event-reminder',
  'event-changed',
  'event-cancelled',
  // One per conversation with messages the member has not opened (collections/Conversations/notifyMessage.ts).
  'message',
  // A verified safety alert where the member follows.
  'safety-alert',
  // Something lost or found was posted in a neighbourhood the member follows.
  'lost-found',
  // Something was listed in the market of a neighbourhood the member follows.
  'market-item',
] as const

const ownOrAdmin = ({ req }: { req: { user: unknown } }) => {
  const user = req.user as Parameters<typeof userId>[0]
  if (hasRole(user, 'admin')) return true
  const id = userId(user)
  return id === undefined ? false : { user: { equals: id } }
}

/** A user's notifications; only the server creates them (./notify.ts). */
export const Notifications: CollectionConfig = {
  slug: 'notifications',
  custom: { api: { writes: ['update', 'delete'] } satisfies CollectionApi },
  access: {
    read: ownOrAdmin,
    create: () => false,
    update: ownOrAdmin,
    delete: ownOrAdmin,
  },
  admin: { useAsTitle: 'message', defaultColumns: ['user', 'type', 'message', 'isRead'] },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      required: true,
      index: true,
      access: { update: () => false },
    },
    {
      name: 'type',
      type: 'select',
      options: [...NOTIFICATION_TYPES],
      required: true,
      access: { update: () => false },
    },
    { name: 'referenceId', type: 'text', access: { update: () => false } },
    { name: 'link', type: 'text', access: { update: () => false } },
    { name: 'message', type: 'text', required: true, access: { update: () => false } },
    { name: 'isRead', type: 'checkbox', defaultValue: false, index: true },
    {
      // Its member wants it by e-mail: the dispatch job gathers it into an outbox mail.
      name: 'mailDue',
      type: 'checkbox',
      defaultValue: false,
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
    {
      name: 'mail',
      type: 'relationship',
      relationTo: 'mails',
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
  ],
  hooks: { afterChange: [live.afterChange] },
}
