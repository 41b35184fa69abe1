import type { PayloadRequest, TaskHandler } from 'payload'

import { RENEW_NOTICE_DAYS } from '@/rules/market'
import { serverNow } from '@/server/config/clock'
import { inTransaction, query, sql } from '@/server/database/db'
import { mailOrigin } from '@collections/Mails/send'
import { signRenewToken } from '@/data/marketRenewToken'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export const renewSubject = (title: string) => `Your item "${title}" expires in two days`

/** The mail's one link: the item's renewal page with its signed, single-use token. */
export const renewLink = (secret: string, item: number, expiresAt: string) =>
  `${mailOrigin()}/market/${item}/renew?token=${encodeURIComponent(
    signRenewToken(secret, item, expiresAt, serverNow().getTime()),
  )}`

interface Due {
  id: number
  title: string
  expires_at: Date
  email: string
}

/** Claims one item due a renewal mail (its current expiry), or none left. */
async function claimNext(req: PayloadRequest): Promise<Due | null> {
  const [due] = await query<Due>(
    req,
    sql`UPDATE market_items i SET renew_mailed_for = i.expires_at
          FROM users u
         WHERE i.id = (SELECT id FROM market_items
                        WHERE expires_at > now()
                          AND expires_at <= now() + ${`${RENEW_NOTICE_DAYS} days`}::interval
                          AND status <> 'gone' AND hidden IS NOT TRUE
                          AND renew_mailed_for IS DISTINCT FROM expires_at
                        ORDER BY expires_at LIMIT 1 FOR UPDATE SKIP LOCKED)
           AND u.id = i.author_id
     RETURNING i.id, i.title, i.expires_at, u.email`,
  )
  return due ?? null
}

/**
 * Two days before an item expires its seller gets one mail with a one-click renewal link. Each
 * item is claimed (`renewMailedFor` = its expiry) and mailed in one transaction: a failed send
 * rolls the claim back for the next run; a renewed item has a new expiry and is mailed again
 * before that one.
 */
export const sendRenewalMails: TaskHandler<'marketRenewalMails'> = async ({ req }) => {
  let mailed = 0
  for (;;) {
    const sent = await inTransaction(req, async () => {
      const due = await claimNext(req)
      if (!due) return false
      const expiresAt = new Date(due.expires_at).toISOString()
      const link = renewLink(req.payload.secret, due.id, expiresAt)
      const when = new Date(expiresAt).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        timeZone: 'Europe/London',
      })
      await req.payload.sendEmail({
        to: due.email,
        subject: renewSubject(due.title),
        text: [
          `"${due.title}" leaves the market on ${when}.`,
          '',
          'Still there? Keep it listed for another 30 days:',
          link,
          '',
          'Gone already? Mark it gone on its page, so neighbours stop asking.',
        ].join('\n'),
        html: [
          `<p>"${escape(due.title)}" leaves the market on ${escape(when)}.</p>`,
          `<p><a href="${escape(link)}">Keep it listed for another 30 days</a></p>`,
          '<p>Gone already? Mark it gone on its page, so neighbours stop asking.</p>',
        ].join('\n'),
      })
      return true
    })
    if (!sent) break
    mailed++
  }
  return { output: { mailed } }
}
