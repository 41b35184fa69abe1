import type { CollectionAfterChangeHook } from 'payload'

import { afterCommit } from '@/server/afterCommit'
import { relId } from '@/views/media'
import { channels, publish } from '@/server/realtime'

/** Stored first, pushed second: the bell hears of it on the user's private channel. */
export const publishNotification: CollectionAfterChangeHook = ({
  doc,
  req,
  operation,
  context,
}) => {
  if (context.disableLive) return doc
  const event = operation === 'create' ? 'notification.created' : 'notification.updated'
  afterCommit(req, () =>
    publish(channels.userPrivate(relId(doc.user)!), event, {
      id: doc.id,
      type: doc.type,
      message: doc.message,
      link: doc.link,
      isRead: doc.isRead,
      createdAt: doc.createdAt,
    }),
  )
  return doc
}
