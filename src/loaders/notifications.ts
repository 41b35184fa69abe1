import type { Payload } from 'payload'

import type { Notification } from '@/payload-types'

export interface NotificationView {
  id: number
  message: string
  link: string | null
  isRead: boolean
  createdAt: string
}

/** The newest notifications of the signed-in viewer, read as that viewer (their own only). */
export async function loadNotifications(
  payload: Payload,
  viewer: { id: number },
  limit = 50,
): Promise<{ items: NotificationView[]; unread: number }> {
  // The viewer as Payload's own auth read it (src/loaders/viewer.ts).
  const as = { overrideAccess: false, user: viewer as never }
  const [page, unread] = await Promise.all([
    payload.find({
      collection: 'notifications',
      where: { user: { equals: viewer.id } },
      sort: '-createdAt',
      limit,
      depth: 0,
      ...as,
    }),
    payload.count({
      collection: 'notifications',
      where: { user: { equals: viewer.id }, isRead: { equals: false } },
      ...as,
    }),
  ])
  return {
    items: page.docs.map((n: Notification) => ({
      id: n.id,
      message: n.message,
      link: n.link ?? null,
      isRead: Boolean(n.isRead),
      createdAt: n.createdAt,
    })),
    unread: unread.totalDocs,
  }
}
