import type { AstroGlobal } from 'astro'
import type { Payload } from 'payload'

import {
  blockedMembers,
  conversationOf,
  conversationPage,
  markConversationSeen,
  messageRecipient,
  messageSendersChoice,
  type ConversationList,
  type ConversationView,
} from '@/data/conversations'
import { pgPool } from '@/server/database/db'
import { payloadClient } from './payload'
import { viewerOf } from './viewer'

/**
 * The pages of private messages: every one is the signed-in member's own, rendered on demand,
 * never kept by any cache (private, no-store) nor indexed (noindex); signed out, null (the page
 * sends the person to sign in).
 */
async function privateViewer(page: AstroGlobal) {
  page.response.headers.set('cache-control', 'private, no-store')
  page.response.headers.set('x-robots-tag', 'noindex')
  const payload = await payloadClient()
  const viewer = await viewerOf(payload, page.request.headers)
  return viewer ? { payload, viewer } : null
}

const pageNumber = (raw: string | null) => (/^\d{1,4}$/.test(raw ?? '') ? Number(raw) || 1 : 1)

/** /messages: one page of the member's conversations. */
export async function loadConversationList(
  page: AstroGlobal,
): Promise<{ viewer: number; list: ConversationList } | null> {
  const signedIn = await privateViewer(page)
  if (!signedIn) return null
  const { payload, viewer } = signedIn
  const list = await conversationPage(
    pgPool(payload),
    viewer.id,
    pageNumber(page.url.searchParams.get('page')),
  )
  return { viewer: viewer.id, list }
}

/**
 * /messages/{id}: the conversation, opened (its messages seen by the member) as it renders;
 * `conversation` null when it is not the member's, which the page answers as not found.
 */
export async function loadConversation(
  page: AstroGlobal,
  id: number | null,
): Promise<{ viewer: number; conversation: ConversationView | null } | null> {
  const signedIn = await privateViewer(page)
  if (!signedIn) return null
  const { payload, viewer } = signedIn
  const pool = pgPool(payload)
  const before = page.url.searchParams.get('before')
  const conversation =
    id === null
      ? null
      : await conversationOf(
          pool,
          viewer.id,
          id,
          /^\d{1,10}$/.test(before ?? '') ? Number(before) : undefined,
        )
  if (conversation && !before) await markConversationSeen(pool, viewer.id, conversation.id)
  return { viewer: viewer.id, conversation }
}

const idOf = (raw: string | null) => (/^\d{1,10}$/.test(raw ?? '') ? Number(raw) : null)

/**
 * /messages/new?to={userName}, ?review={id} or ?item={id}: who the new conversation is with,
 * and what about; `asked` names what the link asked for, so a page can say what is missing.
 */
export async function loadNewConversation(page: AstroGlobal) {
  const signedIn = await privateViewer(page)
  if (!signedIn) return null
  const query = page.url.searchParams
  const review = idOf(query.get('review'))
  const item = idOf(query.get('item'))
  const to = query.get('to')
  const pool = pgPool(signedIn.payload)
  const asked = item !== null ? 'item' : review !== null ? 'review' : 'member'
  const recipient =
    item !== null
      ? await messageRecipient(pool, { item })
      : review !== null
        ? await messageRecipient(pool, { review })
        : to
          ? await messageRecipient(pool, { userName: to.slice(0, 60) })
          : null
  return { viewer: signedIn.viewer.id, recipient, asked }
}

/** Settings → Messages: who may write to the member, and whom they blocked. */
export async function loadMessageSettings(payload: Payload, viewer: number) {
  const pool = pgPool(payload)
  const [from, blocked] = await Promise.all([
    messageSendersChoice(pool, viewer),
    blockedMembers(pool, viewer),
  ])
  return { from, blocked }
}
