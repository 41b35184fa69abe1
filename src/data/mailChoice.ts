import type { Payload } from 'payload'

import {
  KIND_LABELS,
  deliveryColumn,
  deliveryOfSql,
  type MailKind,
} from '@/rules/notificationPrefs'
import { pgPool } from '@/server/database/db'

/**
 * Turns one kind of mail off or back on for a member. Off keeps the notification in the bell
 * (only the mail stops); on mails that kind again. Null when there is no such member.
 */
export async function setMailChoice(
  payload: Payload,
  user: number,
  kind: MailKind,
  on: boolean,
): Promise<{ label: string; on: boolean } | null> {
  const column = kind === 'digest' ? 'notify_weekly_digest' : deliveryColumn(kind)
  const value = kind === 'digest' ? on : on ? 'email' : 'bell'
  const { rows } = await pgPool(payload).query(
    `UPDATE users SET ${column} = $2 WHERE id = $1 RETURNING id`,
    [user, value],
  )
  return rows.length ? { label: KIND_LABELS[kind], on } : null
}

/** Whether a member gets that kind of mail now (null when there is no such member). */
export async function mailChoiceOf(
  payload: Payload,
  user: number,
  kind: MailKind,
): Promise<boolean | null> {
  const expression =
    kind === 'digest' ? 'notify_weekly_digest IS NOT FALSE' : `${deliveryOfSql(kind)} = 'email'`
  const { rows } = await pgPool(payload).query<{ on: boolean }>(
    `SELECT ${expression} AS on FROM users WHERE id = $1`,
    [user],
  )
  return rows[0]?.on ?? null
}
