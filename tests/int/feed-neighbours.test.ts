import { simpleParser } from 'mailparser'
import { afterAll, describe, expect, it } from 'vitest'

import { loadYourFeed } from '@/loaders/yourFeed'
import { pgPool } from '@/server/database/db'
import type { YourFeedItem } from '@/views/yourFeed'
import { runMailJobs } from '@tests/support/mailJobs'
import { mailCatcherForFile } from '@tests/support/smtp'
import { quietPlace, testSiteForFile } from './harness'

/**
 * Safety alerts, lost and found and the market in 'Your feed' and the weekly digest: verified
 * alerts only, items still listed only, up to five new Free items in the digest.
 */
const env: Record<string, string> = {}
const smtp = mailCatcherForFile(env)
const ids: Record<string, number> = {}
let place: number
let other: number
let minute = 0

afterAll(() => {
  delete process.env.PUBLIC_URL
})

/** A row straight into its table, `minute` minutes later than the one before (later = newer). */
async function insert(key: string, table: string, row: Record<string, unknown>) {
  const at = new Date(Date.now() - 3 * 86_400_000 + ++minute * 60_000).toISOString()
  const columns = [...Object.keys(row), 'created_at', 'updated_at']
  const values = [...Object.values(row), at, at]
  const { rows } = await pgPool(site.payload).query<{ id: number }>(
    `INSERT INTO ${table} (${columns.join(', ')})
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    values,
  )
  ids[key] = rows[0]!.id
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
const people = { named: { reader: 'nbreader', poster: 'nbposter' }, env, timeout: 120_000 } as const
const { site, reader, poster } = testSiteForFile(people, async () => {
  process.env.PUBLIC_URL = 'https://belong.example'
  place = await quietPlace(site, 'Helpton', 'Neighbours')
  other = await quietPlace(site, 'Elsewhere', 'Not followed')
  await pgPool(site.payload).query('UPDATE users SET email_confirmed_at = now()')
  await site.api('POST', '/api/follows/toggle', {
    body: { neighbourhood: place },
    cookie: reader.cookie,
  })
  const by = { neighbourhood_id: place, author_id: poster.id }
  const alert = { category: 'fire', body: 'Smoke seen', happened_at: inDays(-3), ...by }
  await insert('verified', 'safety_alerts', {
    ...alert,
    title: 'Bin fire on Elm Row',
    verified_at: inDays(-1),
  })
  await insert('unverified', 'safety_alerts', { ...alert, title: 'Not checked yet' })
  await insert('hiddenAlert', 'safety_alerts', {
    ...alert,
    title: 'Removed alert',
    verified_at: inDays(-1),
    hidden: true,
  })
  const lost = { what: 'pet', seen_at: inDays(-3), latitude: 51.5, longitude: -0.1, ...by }
  await insert('lost', 'lost_found_posts', { ...lost, kind: 'lost', title: 'Grey cat Moss' })
  await insert('hiddenLost', 'lost_found_posts', {
    ...lost,
    kind: 'found',
    title: 'Hid',
    hidden: true,
  })
  const item = { expires_at: inDays(20), ...by }
  await insert('sale', 'market_items', {
    ...item,
    kind: 'sale',
    title: 'Oak desk',
    price_pence: 1250,
  })
  for (let i = 1; i <= 6; i++)
    await insert(`free${i}`, 'market_items', { ...item, kind: 'free', title: `Free thing ${i}` })
  await insert('gone', 'market_items', {
    ...item,
    kind: 'free',
    title: 'Gone sofa',
    status: 'gone',
  })
  await insert('expired', 'market_items', {
    ...by,
    kind: 'free',
    title: 'Expired lamp',
    expires_at: inDays(-1),
  })
  await insert('hiddenItem', 'market_items', { ...item, kind: 'free', title: 'Hid', hidden: true })
  await insert('elsewhere', 'market_items', {
    ...item,
    neighbourhood_id: other,
    kind: 'free',
    title: 'Far away',
  })
})

const key = (item: YourFeedItem) => `${item.kind}-${item.id}`

describe('your feed: alerts, lost and found, the market', () => {
  it('shows verified alerts, lost and found posts and listed items, with their detail', async () => {
    const { items } = await loadYourFeed(site.payload, reader.id, 1)
    const shown = new Map(items.map((i) => [key(i), i]))
    expect(shown.get(`safety-alert-${ids.verified}`)).toMatchObject({
      title: 'Bin fire on Elm Row',
      detail: 'Fire',
      href: `/safety/${ids.verified}`,
      author: { name: 'nbposter' },
    })
    expect(shown.get(`lost-found-${ids.lost}`)).toMatchObject({
      title: 'Grey cat Moss',
      detail: 'Lost',
      href: `/lost-found/${ids.lost}`,
    })
    expect(shown.get(`market-item-${ids.sale}`)).toMatchObject({
      detail: '£12.50',
      href: `/market/${ids.sale}`,
    })
    expect(shown.get(`market-item-${ids.free1}`)?.detail).toBe('Free')
    for (const [kind, name] of [
      ['safety-alert', 'unverified'],
      ['safety-alert', 'hiddenAlert'],
      ['lost-found', 'hiddenLost'],
      ['market-item', 'gone'],
      ['market-item', 'expired'],
      ['market-item', 'hiddenItem'],
      ['market-item', 'elsewhere'],
    ])
      expect(shown.has(`${kind}-${ids[name]}`), name).toBe(false)
    // The alert counts from its verification (a day ago), newer than every post of three days ago.
    expect(key(items[0]!)).toBe(`safety-alert-${ids.verified}`)
    expect(items).toHaveLength(1 + 1 + 1 + 6)
  })
})

describe('the weekly digest: alerts and free items', () => {
  it('lists the verified alert and the five newest Free items still listed', async () => {
    await pgPool(site.payload).query('UPDATE users SET digest_sent_at = NULL')
    await runMailJobs(site.payload, 'weeklyDigest')
    const raw = smtp.received.filter((m) => m.to.includes(reader.email)).map((m) => m.raw)
    expect(raw).toHaveLength(1)
    const mail = await simpleParser(raw[0]!)
    expect(mail.subject).toBe('Your week in your neighbourhoods')
    expect(mail.html).toContain('Safety alerts (verified)')
    expect(mail.text).toContain('Bin fire on Elm Row')
    expect(mail.html).toContain(`https://belong.example/safety/${ids.verified}`)
    expect(mail.html).toContain('Free to a good home')
    for (let i = 2; i <= 6; i++) expect(mail.text).toContain(`Free thing ${i}`)
    for (const absent of [
      'Free thing 1',
      'Oak desk',
      'Not checked yet',
      'Removed alert',
      'Gone sofa',
      'Expired lamp',
      'Far away',
    ])
      expect(mail.text, absent).not.toContain(absent)
    // The poster follows nothing: no digest of their own items.
    expect(smtp.received.filter((m) => m.to.includes(poster.email))).toHaveLength(0)
  })
})
