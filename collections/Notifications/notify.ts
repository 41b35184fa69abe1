import type { PayloadRequest } from 'payload'

import { KIND_OF_TYPE, deliveryOfSql } from '@/rules/notificationPrefs'
import { query, sql } from '@/server/database/db'
import type { NOTIFICATION_TYPES } from '@collections/Notifications'

export interface NotifyArgs {
  /** The owner of the content acted upon. */
  recipient: number | string | null | undefined
  type: (typeof NOTIFICATION_TYPES)[number]
  referenceId: string | number
  /** Where clicking the notification leads (SPEC §2). */
  link: string
  message: string
}

/**
 * How the recipient wants this type: null when they switched it off; mailDue when they want it
 * by e-mail and their address is confirmed (types without a setting stay in the bell).
 */
async function deliveryOf(
  req: PayloadRequest,
  type: string,
  recipient: number,
): Promise<{ mailDue: boolean } | null> {
  const kind = KIND_OF_TYPE[type]
  if (!kind) return { mailDue: false }
  const [row] = await query<{ delivery: string | null; confirmed: boolean }>(
    req,
    sql`SELECT ${sql.raw(deliveryOfSql(kind))} AS delivery,
               email_confirmed_at IS NOT NULL AS confirmed
          FROM users WHERE id = ${recipient}`,
  )
  if (!row || row.delivery === 'off') return null
  return { mailDue: row.delivery === 'email' && row.confirmed }
}

/**
 * Notifies the owner when someone else acted (never yourself), as they chose in their settings.
 * Written in the acting request's transaction, so it exists exactly when the action does; the
 * push follows the commit, and a mail is owed only once the row is committed.
 */
export async function notify(req: PayloadRequest, args: NotifyArgs): Promise<void> {
  const actor = req.user?.id
  if (args.recipient === null || args.recipient === undefined) return
  if (actor !== undefined && String(actor) === String(args.recipient)) return
  const delivery = await deliveryOf(req, args.type, Number(args.recipient))
  if (!delivery) return
  await req.payload.create({
    collection: 'notifications',
    data: {
      user: args.recipient as number,
      type: args.type,
      referenceId: String(args.referenceId),
      link: args.link,
      message: args.message,
      mailDue: delivery.mailDue,
    },
    req,
    overrideAccess: true,
  })
}

/** The name others see for the acting user. */
export function actorName(req: PayloadRequest): string {
  const user = req.user as { userName?: string; name?: string } | null
  return user?.userName || user?.name || 'Someone'
}
