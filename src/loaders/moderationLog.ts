import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { MODERATION_LOG_PAGE_SIZE, type LogEntryView, type MonthView } from '@/views/moderationLog'

interface EntryRow {
  created_at: Date
  action: LogEntryView['action']
  target_kind: string
  reason: string | null
  automatic: boolean | null
  name: string | null
  slug: string | null
}

/** One page of the log, newest first, and whether there is another. */
export async function loadModerationLog(payload: Payload, page: number) {
  const { rows } = await pgPool(payload).query<EntryRow>(
    `SELECT a.created_at, a.action, a.target_kind, a.reason, a.automatic, n.name, n.slug
       FROM moderation_actions a LEFT JOIN neighbourhoods n ON n.id = a.neighbourhood_id
      ORDER BY a.created_at DESC, a.id DESC LIMIT $1 OFFSET $2`,
    [MODERATION_LOG_PAGE_SIZE + 1, (page - 1) * MODERATION_LOG_PAGE_SIZE],
  )
  const entries: LogEntryView[] = rows.slice(0, MODERATION_LOG_PAGE_SIZE).map((r) => ({
    createdAt: r.created_at.toISOString(),
    action: r.action,
    kind: r.target_kind,
    neighbourhood: r.name && r.slug ? { name: r.name, slug: r.slug } : null,
    reason: r.reason ?? '',
    automatic: r.automatic === true,
  }))
  return { entries, hasMore: rows.length > MODERATION_LOG_PAGE_SIZE }
}

/** The last six months: reports received, upheld, dismissed, and the median time to a decision. */
export async function loadModerationMonths(payload: Payload): Promise<MonthView[]> {
  const { rows } = await pgPool(payload).query<{
    month: Date
    received: number
    upheld: number
    dismissed: number
    median_hours: number | null
  }>(
    `WITH months AS (
       SELECT generate_series(date_trunc('month', now()) - interval '5 months',
                              date_trunc('month', now()), interval '1 month') AS month)
     SELECT m.month,
            (SELECT count(*)::int FROM reports r
              WHERE r.created_at >= m.month AND r.created_at < m.month + interval '1 month')
              AS received,
            (SELECT count(*)::int FROM reports r WHERE r.status = 'upheld'
              AND r.decided_at >= m.month AND r.decided_at < m.month + interval '1 month')
              AS upheld,
            (SELECT count(*)::int FROM reports r WHERE r.status = 'dismissed'
              AND r.decided_at >= m.month AND r.decided_at < m.month + interval '1 month')
              AS dismissed,
            (SELECT percentile_cont(0.5) WITHIN GROUP (
                      ORDER BY extract(epoch FROM r.decided_at - r.created_at) / 3600)
               FROM reports r
              WHERE r.decided_at >= m.month AND r.decided_at < m.month + interval '1 month')
              AS median_hours
       FROM months m ORDER BY m.month DESC`,
  )
  return rows.map((r) => ({
    month: r.month.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    received: r.received,
    upheld: r.upheld,
    dismissed: r.dismissed,
    medianHours: r.median_hours === null ? null : Number(r.median_hours),
  }))
}
