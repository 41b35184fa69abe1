import { afterAll, describe, expect, it } from 'vitest'

import { MARKET_TEXT } from '@/rules/market'
import { pgPool } from '@/server/database/db'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { mailCatcherForFile } from '@tests/support/smtp'
import { quietPlace, testSiteForFile } from './harness'

/**
 * Expiry and renewal with the real job queue and a real SMTP server: two days before an item
 * expires its seller gets one mail; its link renews the item once over HTTP; a reused or forged
 * link is refused; an expired item is not mailed and leaves the lists.
 */
const env: Record<string, string> = {}
const smtp = mailCatcherForFile(env)
let http: HttpSite
let place: number
afterAll(() => http?.close())

const { site, seller } = testSiteForFile(
  { named: { seller: 'renewseller' }, env, timeout: 120_000 },
  async () => {
    http = await serveOverHttp(site.payload)
    place = await quietPlace(site, 'Renewby', 'Again')
    await sql('UPDATE users SET email_confirmed_at = now()')
  },
)
const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)

async function listed(title: string, hoursLeft: number) {
  const res = await http.call<{ id: number }>('POST', '/api/market-items/new', {
    body: { neighbourhood: place, kind: 'free', title },
    cookie: seller.cookie,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  await sql(`UPDATE market_items SET expires_at = now() + $2 * interval '1 hour' WHERE id = $1`, [
    res.body.id,
    hoursLeft,
  ])
  return res.body.id
}

async function runRenewalJob() {
  await site.payload.jobs.queue({ task: 'marketRenewalMails', input: {}, queue: 'mail' })
  await site.payload.jobs.run({ queue: 'mail', limit: 10 })
}

/** The renewal mails about an item, found by their link (headers may fold a long subject). */
const mailsAbout = (item: number) =>
  smtp.received
    .map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((raw) => raw.includes(`/market/${item}/renew?token=`))

const renew = (id: number, token: string) =>
  http.call<{ expiresAt: string }>('POST', `/api/market-items/${id}/renew`, { body: { token } })

describe('renewal mails', () => {
  it('mails the seller once two days before; the link renews once; reused or forged, refused', async () => {
    const soon = await listed('Rocking chair', 36)
    const later = await listed('Bread maker', 24 * 5)
    const expired = await listed('Old radio', -1)
    await runRenewalJob()
    await runRenewalJob()
    const mails = mailsAbout(soon)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`To: ${seller.email}`)
    expect(mails[0]).toContain('"Rocking chair" leaves the market on')
    expect(mailsAbout(later)).toEqual([])
    expect(mailsAbout(expired)).toEqual([])

    const token = decodeURIComponent(
      new RegExp(`/market/${soon}/renew\\?token=([^\\s"<&]+)`).exec(mails[0]!)![1]!,
    )
    const forged = await renew(soon, `${token.slice(0, -2)}xx`)
    expect([forged.status, forged.message]).toEqual([403, MARKET_TEXT.renewRefused])
    expect((await renew(later, token)).status).toBe(403)
    const renewed = await renew(soon, token)
    expect(renewed.status).toBe(200)
    const days = (new Date(renewed.body.expiresAt).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    const reused = await renew(soon, token)
    expect([reused.status, reused.message]).toEqual([403, MARKET_TEXT.renewRefused])

    // The expired item keeps its row but is not live: the seller may still renew it signed in.
    const row = await sql('SELECT expires_at < now() AS gone FROM market_items WHERE id = $1', [
      expired,
    ])
    expect(row.rows[0].gone).toBe(true)
    await runRenewalJob()
    expect(mailsAbout(soon)).toHaveLength(1)
  })
})
