import type { PayloadRequest } from 'payload'

import { KIND_OF_TYPE, deliveryOfSql } from '@/rules/notificationPrefs'
import { afterCommit } from '@/server/database/afterCommit'
import { query, sql } from '@/server/database/db'
import { channels, publishMany } from '@/server/services/realtime'
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

/**
 * Notifies many members at once (a neighbourhood's followers, an event's attendees): one
 * INSERT … SELECT in the acting transaction, each as they chose for the type's kind, never the
 * acting user; the bell pushes follow the commit. `recipients` is a query answering `user_id`.
 */
export async function notifyAll(
  req: PayloadRequest,
  args: Omit<NotifyArgs, 'recipient'> & { recipients: ReturnType<typeof sql> },
): Promise<number> {
  const kind = KIND_OF_TYPE[args.type]
  const delivery = sql.raw(kind ? deliveryOfSql(kind, 'u') : `'bell'`)
  const actor = req.user?.id ?? null
  const told = await query<{ id: number; user_id: number; created_at: string }>(
    req,
    sql`INSERT INTO notifications
          (user_id, type, reference_id, link, message, is_read, mail_due, updated_at, created_at)
        SELECT u.id, ${args.type}, ${String(args.referenceId)}, ${args.link}, ${args.message},
               false, ${delivery} = 'email' AND u.email_confirmed_at IS NOT NULL, now(), now()
          FROM users u
         WHERE u.id IN (${args.recipients}) AND u.id IS DISTINCT FROM ${actor}
           AND ${delivery} <> 'off'
        RETURNING id, user_id, created_at`,
  )
  if (told.length === 0) return 0
  afterCommit(req, () =>
    publishMany(
      told.map((row) => ({
        channel: channels.userPrivate(row.user_id),
        name: 'notification.created',
        data: {
          id: row.id,
          type: args.type,
          message: args.message,
          link: args.link,
          isRead: false,
          createdAt: new Date(row.created_at).toISOString(),
        },
      })),
    ),
  )
  return told.length
}
