import type { PayloadRequest } from 'payload'

import { afterCommit } from '@/server/database/afterCommit'
import { channels, publish } from '@/server/services/realtime'

/**
 * Pushes a conversation's news to both members' private channels once the write is committed:
 * each member's open conversation and list follow it (widgets/Messages). Channel auth lets only
 * the member subscribe to their own channel.
 */
export function pushToMembers(
  req: PayloadRequest,
  members: (number | null)[],
  event: 'message.created' | 'conversation.seen',
  data: Record<string, unknown>,
): void {
  if (req.context?.disableLive) return
  afterCommit(req, () =>
    Promise.all(
      members
        .filter((m): m is number => m !== null)
        .map((member) => publish(channels.userPrivate(member), event, data)),
    ),
  )
}
