import type { PayloadRequest } from 'payload'

import { afterCommit } from '@/server/database/afterCommit'
import { channels, publishMany } from '@/server/services/realtime'

/** One event for the realtime server: its channel, name and data. */
export interface LiveEvent {
  channel: string
  name: string
  data: Record<string, unknown>
}

/**
 * Pushes a conversation's news to both members' private channels once the write is committed:
 * each member's open conversation and list follow it (widgets/Messages). Channel auth lets only
 * the member subscribe to their own channel. `also` goes in the same request (the recipient's
 * bell entry): one request to the realtime server per send.
 */
export function pushToMembers(
  req: PayloadRequest,
  members: (number | null)[],
  event: 'message.created' | 'conversation.seen',
  data: Record<string, unknown>,
  also: (LiveEvent | null)[] = [],
): void {
  if (req.context?.disableLive) return
  const events = [
    ...members
      .filter((m): m is number => m !== null)
      .map((member) => ({ channel: channels.userPrivate(member), name: event, data })),
    ...also.filter((e): e is LiveEvent => e !== null),
  ]
  afterCommit(req, () => publishMany(events))
}
