import type { PayloadRequest } from 'payload'

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
 * Notifies the owner when someone else acted (never yourself). Written in the acting request's
 * transaction, so it exists exactly when the action does; the push follows the commit.
 */
export async function notify(req: PayloadRequest, args: NotifyArgs): Promise<void> {
  const actor = req.user?.id
  if (args.recipient === null || args.recipient === undefined) return
  if (actor !== undefined && String(actor) === String(args.recipient)) return
  await req.payload.create({
    collection: 'notifications',
    data: {
      user: args.recipient as number,
      type: args.type,
      referenceId: String(args.referenceId),
      link: args.link,
      message: args.message,
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
