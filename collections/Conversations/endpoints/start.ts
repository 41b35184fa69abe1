import type { PayloadRequest } from 'payload'

import { messageView } from '@/data/conversations'
import { LIVE_ITEM } from '@/data/market'
import {
  mayStart,
  pairKey,
  PRIVATE_MESSAGE_TEXT as TEXT,
  type AboutKind,
  type MessageFrom,
} from '@/rules/privateMessages'
import { inTransaction, pgPool, query, sql, type SQL } from '@/server/database/db'
import {
  conversationStartWait,
  countConversationStart,
  tooManyRequestsResponse,
} from '@/server/http/rateLimits'
import { Refusal } from '@/server/http/requests'
import { command } from '@collections/shared/command'
import {
  Answered,
  addMessage,
  checkMayWrite,
  orRefusal,
  refusePrivately,
} from '@collections/Conversations/conversationRules'
import { pushToMembers } from '@collections/Conversations/livePush'
import { notifyOfMessage } from '@collections/Conversations/notifyMessage'

interface About {
  kind: AboutKind
  id: number
  title: string
}

/**
 * Each thing a conversation can be about, as it may be asked about now: its owner and the
 * conversation's title (a review's neighbourhood, an item's own title), with the refusals'
 * words. A hidden review, or an item gone, expired or hidden, reads as none.
 */
const ABOUT: Record<AboutKind, { read: (id: number) => SQL; gone: string; notTheirs: string }> = {
  review: {
    read: (id) =>
      sql`SELECT r.user_id AS owner, n.name AS title
            FROM reviews r JOIN neighbourhoods n ON n.id = r.neighbourhood_id
           WHERE r.id = ${id} AND r.hidden IS NOT TRUE`,
    gone: TEXT.unknownAbout,
    notTheirs: TEXT.notAboutTheirs,
  },
  'market-item': {
    read: (id) =>
      sql`SELECT i.author_id AS owner, i.title FROM market_items i
           WHERE i.id = ${id} AND ${LIVE_ITEM}`,
    gone: TEXT.unknownItem,
    notTheirs: TEXT.notTheirItem,
  },
}

/** What the conversation is about: one of the recipient's reviews or live market items. */
async function aboutOf(
  req: PayloadRequest,
  recipient: number,
  kind: AboutKind | undefined,
  id: number | undefined,
): Promise<About | null> {
  if (kind === undefined && id === undefined) return null
  if (kind === undefined || id === undefined) throw new Refusal(400, TEXT.unknownAbout)
  const about = ABOUT[kind]
  const [row] = await query<{ owner: number | null; title: string }>(req, about.read(id))
  if (!row) throw new Refusal(404, about.gone)
  if (row.owner !== recipient) throw new Refusal(422, about.notTheirs)
  return { kind, id, title: row.title }
}

/**
 * messages.start: the first message to a member, from their profile or about one of their
 * reviews or market items. A pair has one conversation per thing it is about: starting again adds the message to
 * it (and counts against no limit). Only a new conversation asks the recipient's choice and the
 * day's start limit.
 */
export const startConversation = command('messages.start', async ({ req, input, user }) => {
  const me = user!.id as number
  if (input.to === me) return refusePrivately(422, TEXT.yourself)
  const account = {
    id: me,
    createdAt: user!.createdAt,
    unconfirmed: !(user as { emailConfirmedAt?: unknown }).emailConfirmedAt,
  }
  const pool = pgPool(req.payload)
  // Read before the transaction: asked inside it, a second connection per start could starve
  // the pool while every transaction waits for one.
  const wait = await conversationStartWait(pool, account)
  const answer = await orRefusal(() =>
    inTransaction(req, async () => {
      const [recipient] = await query<{ id: number; messages_from: MessageFrom | null }>(
        req,
        sql`SELECT id, messages_from FROM users WHERE id = ${input.to}`,
      )
      if (!recipient) throw new Refusal(404, TEXT.unknownMember)
      const about = await aboutOf(req, recipient.id, input.aboutKind, input.aboutId)
      await checkMayWrite(req, me, recipient.id)
      const key = pairKey(me, recipient.id, about)
      await query(req, sql`SELECT pg_advisory_xact_lock(hashtext(${`conversation:${key}`}))`)
      const [existing] = await query<{ id: number; closed: boolean | null }>(
        req,
        sql`SELECT id, closed FROM conversations WHERE pair_key = ${key}`,
      )
      if (existing?.closed) throw new Refusal(409, TEXT.closed)
      let id = existing?.id
      if (id === undefined) {
        const refused = mayStart(recipient.messages_from, about !== null)
        if (refused) throw new Refusal(403, refused)
        if (wait.seconds) throw new Answered(tooManyRequestsResponse(wait.seconds, wait.refused))
        const [made] = await query<{ id: number }>(
          req,
          sql`INSERT INTO conversations (pair_key, starter_id, recipient_id, title, about_kind, about_id,
                                         created_at, updated_at)
              VALUES (${key}, ${me}, ${recipient.id}, ${about?.title ?? null},
                      ${about?.kind ?? null}, ${about?.id ?? null}, now(), now())
              RETURNING id`,
        )
        id = made!.id
      }
      const message = await addMessage(req, id, me, input.text)
      const bell = await notifyOfMessage(req, id, recipient.id)
      const view = messageView(message, me)
      pushToMembers(req, [me, recipient.id], 'message.created', { conversation: id, ...view }, [
        bell,
      ])
      return { id, created: existing === undefined, message: view }
    }),
  )
  if (!(answer instanceof Response) && answer.created) await countConversationStart(pool, account)
  return answer
})
