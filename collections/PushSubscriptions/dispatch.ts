import type { TaskHandler } from 'payload'

import { query, sql } from '@/server/database/db'
import { dispatchOutbox } from '@collections/shared/outbox'
import { PUSH_DUE_JOINS } from './due'

/** One dispatch queues at most this many; the next run takes the rest. */
const MAX_QUEUED = 5000

/**
 * The push dispatch job (collections/shared/outbox.ts): every notification of the last day due
 * to a device (PUSH_DUE_JOINS) and made since the device chose its kinds gets an outbox row.
 * Sent rows are kept a week.
 */
export const dispatchPushes: TaskHandler<'dispatchPushes'> = ({ req }) =>
  dispatchOutbox(req, 'sendPushes', async () => {
    await query(
      req,
      sql`DELETE FROM push_messages WHERE sent_at < now() - interval '7 days'
             OR (sent_at IS NULL AND created_at < now() - interval '2 days')`,
    )
    const rows = await query<{ id: number }>(
      req,
      sql`INSERT INTO push_messages (notification_id, subscription_id, created_at, updated_at)
          SELECT n.id, p.id, now(), now()
            FROM notifications n ${sql.raw(PUSH_DUE_JOINS)}
           WHERE n.created_at > greatest(p.updated_at, now() - interval '1 day')
             AND NOT EXISTS (SELECT 1 FROM push_messages m
                              WHERE m.notification_id = n.id AND m.subscription_id = p.id)
           ORDER BY n.id LIMIT ${MAX_QUEUED}
          ON CONFLICT DO NOTHING
          RETURNING id`,
    )
    return rows.map((r) => r.id)
  })
