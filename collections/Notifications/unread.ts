import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'

/** How many of the member's notifications are unread (the bell's count). */
export async function unreadCount(payload: Payload, user: number): Promise<number> {
  const { rows } = await pgPool(payload).query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND is_read = false',
    [user],
  )
  return rows[0]?.n ?? 0
}
