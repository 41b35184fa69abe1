import type { CollectionBeforeDeleteHook } from 'payload'

import { announceApiChanges } from '@/server/http/apiChanges'
import { anonymiseKeptWriting, removeOwnContent, removeOwnMedia } from './accountContent'
import { closeOwnConversations } from './accountMessages'
import { removePrivateTraces } from './accountTraces'

/**
 * Deleting an account, by an admin or by its member (Profile → Settings, POST
 * /api/users/me/delete): one mechanism, in the delete's transaction. Private traces go
 * (accountTraces.ts); the member's posts go, but what others replied to stays without them, and
 * reviews stay unattributed (accountContent.ts); then the uploads nothing shows any more. The
 * sessions go with the users row (users_sessions cascades). Private messages keep their place
 * as 'Message removed' in closed conversations (accountMessages.ts).
 */
export const deleteAccountData: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const userId = Number(id)
  await removePrivateTraces(req, userId)
  await closeOwnConversations(req, userId)
  await removeOwnContent(req, userId)
  await anonymiseKeptWriting(req, userId)
  await removeOwnMedia(req, userId)
  await announceApiChanges(req, [
    'reactions',
    'comments',
    'discussions',
    'reviews',
    'neighbourhoods',
    'event-rsvps',
    'events',
    'poll-votes',
    'follows',
    'notifications',
    'user-badges',
    'market-items',
    'safety-alerts',
    'lost-found-posts',
  ])
}
