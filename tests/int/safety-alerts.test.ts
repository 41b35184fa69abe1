import { createLocalReq } from 'payload'
import { describe, expect, it } from 'vitest'

import { searchPage } from '@/data/search/search'
import { raiseAlert } from '@/forms/safety'
import { bannerAlerts, loadAlert, loadSafetyPage, verifiedAlertCount } from '@/loaders/safetyAlerts'
import { isoToWallTime } from '@/rules/eventTime'
import { MESSAGES } from '@/rules/messages'
import { PRIVATE_DETAIL_MESSAGES } from '@/rules/privateDetails'
import { ALERT_MESSAGES, ALERTS_PER_DAY, BANNER_MS } from '@/rules/safetyAlerts'
import { DELETED_MEMBER } from '@/rules/userName'
import { pgPool } from '@/server/database/db'
import { pagesPastTimeBoundaries } from '@collections/shared/stalePages'
import { answerChecker } from '@tests/support/apiDescription'
import {
  apiCallAs,
  formFields,
  makeUser,
  NO_LIVE,
  placeFields,
  testSiteForFile,
  type TestUser,
} from './harness'

/** Safety alerts: raised by members within the rules, verified by editors only. */

type Alert = {
  id: number
  title: string
  latitude: number | null
  longitude: number | null
  verifiedAt: string | null
}
type Refused = { errors: { message: string }[] }

// Camden's point; a place ~3 km north is outside it.
const CAMDEN = { latitude: 51.539, longitude: -0.1426 }
let camden: number

const people = { members: ['alice', 'bob', 'carol'], staff: { editor: 'eddie' } } as const
const { site, alice, bob, carol, editor } = testSiteForFile(people, async () => {
  const doc = await site.payload.create({
    collection: 'neighbourhoods',
    data: { ...placeFields('Camden', 'Markets', ['Creative']), ...CAMDEN },
    context: NO_LIVE,
  })
  camden = doc.id
})

const hourAgo = () => new Date(Date.now() - 60 * 60 * 1000).toISOString()
const alertInput = (extra: Record<string, unknown> = {}) => ({
  neighbourhood: camden,
  category: 'road',
  title: 'Burst main on Elm Row',
  body: 'The road is flooded between the bridge and the market; cars are turning back.',
  happenedAt: hourAgo(),
  ...extra,
})

const raise = (body: Record<string, unknown>, user?: TestUser) =>
  site.api<Alert>('POST', '/api/safety-alerts/raise', { body, cookie: user?.cookie })
const verify = (id: number, user?: TestUser) =>
  site.api<Alert>('POST', `/api/safety-alerts/${id}/verify`, { body: {}, cookie: user?.cookie })
const message = (body: unknown) => (body as Refused).errors?.[0]?.message
const stored = (id: number) => site.payload.findByID({ collection: 'safety-alerts', id, depth: 0 })
const alertCount = async () => (await site.payload.count({ collection: 'safety-alerts' })).totalDocs

/** A refused call changes nothing and answers `status` with `text`. */
async function refusedWith(
  call: () => Promise<{ status: number; body: unknown }>,
  status: number,
  text: string,
) {
  const before = await alertCount()
  const res = await call()
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(message(res.body)).toBe(text)
  expect(await alertCount()).toBe(before)
}

describe('raising an alert (POST /api/safety-alerts/raise)', () => {
  it('keeps a member’s alert unverified, with its place rounded to about 100 m', async () => {
    const res = await raise(alertInput({ latitude: 51.53937, longitude: -0.14213 }), alice)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.verifiedAt).toBeNull()
    const doc = await stored(res.body.id)
    expect([doc.latitude, doc.longitude]).toEqual([51.539, -0.1425])
    expect(doc.author).toBe(alice.id)
    expect(doc.verifiedAt ?? null).toBeNull()
    const check = answerChecker((await site.api('GET', '/api/openapi.json')).body as never)
    expect(check('POST', '/api/safety-alerts/raise', res.status, res.body).problem).toBeNull()
  })

  it('verifies an editor’s own alert at once', async () => {
    const res = await raise(alertInput({ category: 'power-outage', title: 'Power cut' }), editor)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.verifiedAt).not.toBeNull()
    expect((await stored(res.body.id)).verifiedBy).toBe(editor.id)
  })

  it('asks visitors to log in and lets members write only through the command', async () => {
    await refusedWith(() => raise(alertInput()), 401, MESSAGES.mustBeLoggedIn)
    const rest = await site.api('POST', '/api/safety-alerts', {
      body: alertInput(),
      cookie: carol.cookie,
    })
    expect(rest.status).toBe(403)
  })

  it('refuses a time in the future', async () => {
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString()
    await refusedWith(
      () => raise(alertInput({ happenedAt: tomorrow }), carol),
      400,
      ALERT_MESSAGES.future,
    )
  })

  it('refuses a place more than 2 km from the neighbourhood', async () => {
    const farAway = { latitude: CAMDEN.latitude + 0.03, longitude: CAMDEN.longitude }
    await refusedWith(() => raise(alertInput(farAway), carol), 400, ALERT_MESSAGES.tooFar)
  })

  it('refuses phone numbers and e-mail addresses in the title or text', async () => {
    await refusedWith(
      () => raise(alertInput({ body: 'Seen him? Call me on 07700 900123.' }), carol),
      400,
      PRIVATE_DETAIL_MESSAGES.phone,
    )
    await refusedWith(
      () => raise(alertInput({ title: 'Write to sam@example.com' }), carol),
      400,
      PRIVATE_DETAIL_MESSAGES.email,
    )
  })

  it('stops a member at three alerts a day, counting ones staff removed', async () => {
    const ids: number[] = []
    for (let n = 0; n < ALERTS_PER_DAY; n++) {
      const res = await raise(alertInput({ title: `Alert ${n + 1}` }), bob)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      ids.push(res.body.id)
    }
    await site.payload.update({ collection: 'safety-alerts', id: ids[0]!, data: { hidden: true } })
    await refusedWith(
      () => raise(alertInput({ title: 'One more' }), bob),
      429,
      ALERT_MESSAGES.dailyLimit,
    )
  })
})

describe('verifying an alert (POST /api/safety-alerts/:id/verify)', () => {
  it('lets only editors verify, once', async () => {
    const raised = await raise(alertInput({ category: 'crime', title: 'Bikes stolen' }), carol)
    expect(raised.status).toBe(201)
    const id = raised.body.id
    for (const who of [alice, carol, undefined]) {
      const res = await verify(id, who)
      expect(res.status).toBe(403)
      expect(message(res.body)).toBe(ALERT_MESSAGES.editorsOnly)
      expect((await stored(id)).verifiedAt ?? null).toBeNull()
    }
    const done = await verify(id, editor)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.verifiedAt).not.toBeNull()
    const doc = await stored(id)
    expect(doc.verifiedBy).toBe(editor.id)
    const again = await verify(id, editor)
    expect(again.status).toBe(409)
    expect(message(again.body)).toBe(ALERT_MESSAGES.alreadyVerified)
    expect((await stored(id)).verifiedAt).toBe(doc.verifiedAt)
    expect((await verify(999_999, editor)).status).toBe(404)
    const check = answerChecker((await site.api('GET', '/api/openapi.json')).body as never)
    expect(
      check('POST', `/api/safety-alerts/${id}/verify`, done.status, done.body).problem,
    ).toBeNull()
  })
})

describe('the safety screens and the form without JavaScript', () => {
  const form = (values: Record<string, string>, user: TestUser) =>
    raiseAlert({
      fields: formFields(values),
      page: new URL('http://localhost/neighbourhood/camden/safety?_form=raiseAlert'),
      call: apiCallAs(site, user),
    })

  it('raises an alert from the form and answers its refusals beside their fields', async () => {
    const before = await alertCount()
    const fields = {
      neighbourhood: String(camden),
      category: 'fire',
      title: 'Smoke from the old depot',
      body: 'Fire brigade on site.',
      happenedAt: isoToWallTime(hourAgo()),
      latitude: '',
      longitude: '',
    }
    const refused = await form({ ...fields, body: 'Email me: sam@example.com' }, carol)
    expect(refused).toEqual({ error: PRIVATE_DETAIL_MESSAGES.email, field: 'body' })
    // The place the map picker (or the typed fields) gave, too far: refused beside the place.
    const far = { latitude: String(CAMDEN.latitude + 0.03), longitude: String(CAMDEN.longitude) }
    expect(await form({ ...fields, ...far }, carol)).toEqual({
      error: ALERT_MESSAGES.tooFar,
      field: 'latitude',
    })
    expect(await alertCount()).toBe(before)
    const done = await form(fields, carol)
    expect('redirect' in done && done.redirect).toMatch(/^\/safety\/\d+$/)
    expect(await alertCount()).toBe(before + 1)
  })

  it('sorts a neighbourhood’s alerts into current, not yet verified and past', async () => {
    const old = await raise(alertInput({ title: 'Old flood' }), editor)
    const twoDaysAgo = new Date(Date.now() - 49 * 60 * 60 * 1000).toISOString()
    await pgPool(site.payload).query('UPDATE safety_alerts SET verified_at = $2 WHERE id = $1', [
      old.body.id,
      twoDaysAgo,
    ])
    const screen = await loadSafetyPage(site.payload, 'camden')
    const titles = (list: { title: string }[]) => list.map((a) => a.title)
    expect(titles(screen!.past)).toContain('Old flood')
    expect(titles(screen!.current)).toContain('Power cut')
    expect(titles(screen!.unverified)).toContain('Burst main on Elm Row')
    // Hidden alerts are nowhere.
    expect(titles(screen!.unverified)).not.toContain('Alert 1')
    const banner = titles(await bannerAlerts(site.payload, camden))
    expect(banner).toContain('Power cut')
    expect(banner).not.toContain('Old flood')
    expect(banner).not.toContain('Burst main on Elm Row')
    expect(await verifiedAlertCount(site.payload, camden)).toBe(
      screen!.current.length + screen!.past.length,
    )
    expect(await loadSafetyPage(site.payload, 'nowhere')).toBeNull()

    // The sweep that rewrites pages at time boundaries finds the page whose banner just ended.
    const req = await createLocalReq({}, site.payload)
    const verifiedAt = Date.parse(twoDaysAgo)
    const swept = await pagesPastTimeBoundaries(
      req,
      new Date(verifiedAt + BANNER_MS - 60_000),
      new Date(verifiedAt + BANNER_MS + 60_000),
    )
    expect(swept.paths).toContain('/neighbourhood/camden')
  })
})

describe('telling the followers of a verified alert', () => {
  const told = async (userId: number, alertId: number) =>
    (
      await pgPool(site.payload).query<{ mail_due: boolean }>(
        `SELECT mail_due FROM notifications WHERE user_id = $1 AND type = 'safety-alert'
            AND reference_id = $2`,
        [userId, String(alertId)],
      )
    ).rows

  it('tells each follower who keeps the kind on, once, and only when verified', async () => {
    const db = pgPool(site.payload)
    for (const follower of [alice, bob])
      await db.query(
        'INSERT INTO follows (user_id, neighbourhood_id, updated_at, created_at) VALUES ($1, $2, now(), now())',
        [follower.id, camden],
      )
    await db.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [alice.id])
    await db.query(`UPDATE users SET notify_safety_alerts = 'off' WHERE id = $1`, [bob.id])
    const raised = await raise(
      alertInput({ category: 'missing-person', title: 'Have you seen Len?' }),
      carol,
    )
    expect(await told(alice.id, raised.body.id)).toHaveLength(0)
    expect((await verify(raised.body.id, editor)).status).toBe(200)
    expect((await verify(raised.body.id, editor)).status).toBe(409)
    // On by default, by e-mail too (to a confirmed address); bob switched the kind off.
    expect(await told(alice.id, raised.body.id)).toEqual([{ mail_due: true }])
    expect(await told(bob.id, raised.body.id)).toHaveLength(0)
  })
})

describe('a member’s alerts in their data and after their account', () => {
  it('exports their alerts; deleting the account keeps verified alerts as a former member’s', async () => {
    const dana = await makeUser(site, 'dana')
    const waiting = await raise(alertInput({ title: 'Loose dog in the park' }), dana)
    const kept = await raise(alertInput({ title: 'Gas leak on Elm Row' }), dana)
    expect((await verify(kept.body.id, editor)).status).toBe(200)

    const exported = await site.api<{ data: { safetyAlerts: { title: string }[] } }>(
      'GET',
      '/api/users/me/export',
      { cookie: dana.cookie },
    )
    expect(exported.body.data.safetyAlerts.map((a) => a.title).sort()).toEqual([
      'Gas leak on Elm Row',
      'Loose dog in the park',
    ])

    await site.payload.delete({ collection: 'users', id: dana.id, overrideAccess: true })
    const left = await site.payload.find({
      collection: 'safety-alerts',
      where: { id: { in: [waiting.body.id, kept.body.id] } },
      depth: 0,
    })
    expect(left.docs.map((d) => [d.id, d.author ?? null])).toEqual([[kept.body.id, null]])
    const page = await loadAlert(site.payload, kept.body.id)
    expect(page?.alert.author).toBe(DELETED_MEMBER)
  })
})

describe('site search', () => {
  it('finds verified alerts under their own kind, never unverified ones', async () => {
    const erin = await makeUser(site, 'erin')
    const waiting = await raise(alertInput({ title: 'Zebra crossing lights out' }), erin)
    expect(waiting.status).toBe(201)
    const pool = pgPool(site.payload)
    const find = () =>
      searchPage(pool, { q: 'zebra crossing', type: 'safety', page: 1, viewerId: null })
    expect((await find()).hits).toEqual([])
    expect((await verify(waiting.body.id, editor)).status).toBe(200)
    const found = await find()
    expect(found.hits.map((h) => [h.kind, h.href])).toEqual([
      ['safety', `/safety/${waiting.body.id}`],
    ])
  })
})
