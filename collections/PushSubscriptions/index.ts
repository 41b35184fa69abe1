import type { Access, CollectionConfig } from 'payload'

import { hasRole, serverWritten, userId } from '@collections/access'
import { pushDeviceEndpoints } from './device'

/** A member reads and removes their own devices; admins all of them. */
const ownOrAdmin: Access = ({ req }) => {
  if (hasRole(req.user, 'admin')) return true
  const id = userId(req.user)
  return id === undefined ? false : { user: { equals: id } }
}

/**
 * Push to this device: one row per browser push subscription (its endpoint is unique), owned by
 * the member signed in when it was made, with the kinds of notification it gets. Written only
 * through /api/push-subscriptions/device; removed when the push service says it is gone.
 */
export const PushSubscriptions: CollectionConfig = {
  slug: 'push-subscriptions',
  labels: { singular: 'Push device', plural: 'Push devices' },
  access: serverWritten(ownOrAdmin, ownOrAdmin),
  admin: {
    useAsTitle: 'device',
    defaultColumns: ['user', 'device', 'kinds', 'createdAt'],
    description: 'Browsers that get push notifications, per member.',
  },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'endpoint', type: 'text', required: true, unique: true },
    { name: 'p256dh', type: 'text', required: true },
    { name: 'auth', type: 'text', required: true },
    // The kinds (src/rules/notificationPrefs.ts) this device gets, as a JSON array of names.
    { name: 'kinds', type: 'json', required: true },
    // The browser and system, as the member would recognise the device.
    { name: 'device', type: 'text' },
  ],
  endpoints: pushDeviceEndpoints,
}

export { PushMessages } from './messages'
