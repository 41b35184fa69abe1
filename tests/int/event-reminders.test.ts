import { afterAll, describe, expect, it } from 'vitest'

import type { Notification } from '@/payload-types'
import { pgPool } from '@/server/database/db'
import { londonEventDate } from '@/views/event'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { runMailJobs } from '@tests/support/mailJobs'
import { mailCatcherForFile } from '@tests/support/smtp'
import { quietPlace, testSiteForFile, type TestUser } from './harness'

/**
 * Event reminders over HTTP against the site's own server, with the real job queue: the
 * day-before reminder goes to those going, once, as each chose; a move tells them and moves it;
 * a cancellation or deletion tells them once, and no reminder follows. Time is not faked: an
 * event starting within the next day has its reminder due now, one three days away does not.
 */
const HOUR = 3600_000
const env: Record<string, string> = {
  RATE_LIMITS: JSON.stringify({ write: { max: 1000 }, newAccountWrite: { max: 1000 } }),
}
const smtp = mailCatcherForFile(env)
let http: HttpSite
let place: number
afterAll(() => http?.close())

const people = {
  named: { host: 'evhost', alice: 'evalice', bob: 'evbob', carol: 'evcarol', dan: 'evdan' },
  env,
  timeout: 120_000,
} as const
const { site, host, alice, bob, carol, dan } = testSiteForFile(people, async () => {
  http = await serveOverHttp(site.payload)
  place = await quietPlace(site, 'Remindham', 'Soon')
  await sql(`UPDATE users SET email_confirmed_at = now()`)
  await sql(`UPDATE users SET notify_event_reminders = 'bell' WHERE id = $1`, [carol.id])
  await sql(`UPDATE users SET notify_event_reminders = 'off' WHERE id = $1`, [dan.id])
})

const sql = (text: string, values: unknown[] = []) => pgPool(site.payload).query(text, values)
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString()

/** An event by the host starting `hours` from now; alice, carol and dan going, bob interested. */
async function eventIn(hours: number, title: string) {
  const res = await http.call<{ doc: { id: number; eventDate: string } }>(
    'POST',
    '/api/events/new',
    {
      body: {
        title,
        description: 'All welcome',
        eventDate: inHours(hours),
        location: 'The green',
        neighbourhood: place,
      },
      cookie: host.cookie,
    },
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const { id, eventDate } = res.body.doc
  for (const [user, status] of [
    [alice, 'attending'],
    [carol, 'attending'],
    [dan, 'attending'],
    [bob, 'interested'],
  ] as const) {
    const rsvp = await http.call('POST', `/api/events/${id}/rsvp`, {
      body: { status },
      cookie: user.cookie,
    })
    expect(rsvp.status, JSON.stringify(rsvp.body)).toBe(200)
  }
  return { id, eventDate }
}

/** What the member's bell holds about the event. */
async function toldOf(user: TestUser, event: number) {
  const res = await http.call<{ docs: Notification[] }>(
    'GET',
    `/api/notifications?where[referenceId][equals]=${event}&limit=100&depth=0&sort=createdAt`,
    { cookie: user.cookie },
  )
  expect(res.status).toBe(200)
  return res.body.docs.filter((n) => n.type.startsWith('event-'))
}

const mailsTo = (user: TestUser, subject: string) =>
  smtp.received.filter(
    (m) =>
      m.to.includes(user.email.toLowerCase()) && m.raw.replace(/=\r?\n/g, '').includes(subject),
  )

const pendingReminders = async (event: number) =>
  (
    await sql(
      `SELECT wait_until FROM payload_jobs WHERE task_slug = 'eventReminder'
          AND completed_at IS NULL AND input ->> 'event' = $1`,
      [String(event)],
    )
  ).rows as { wait_until: Date }[]

describe('event reminders', () => {
  it('a reminder due is sent once, to those going, in the channels each chose', async () => {
    const { id, eventDate } = await eventIn(20, 'Bulb swap')
    await runMailJobs(site.payload)
    await runMailJobs(site.payload)
    const message = `Coming up: "Bulb swap", ${londonEventDate(new Date(eventDate))}. You said you're going.`
    expect((await toldOf(alice, id)).map((n) => [n.type, n.message])).toEqual([
      ['event-reminder', message],
    ])
    expect((await toldOf(carol, id)).map((n) => n.mailDue)).toEqual([false])
    expect(await toldOf(dan, id)).toEqual([])
    expect(await toldOf(bob, id)).toEqual([])
    expect(mailsTo(alice, 'Bulb swap')).toHaveLength(1)
    expect(mailsTo(carol, 'Bulb swap')).toHaveLength(0)
    // A second job for the same time (a crash between its commit and its completion) sends nothing.
    await site.payload.jobs.queue({
      task: 'eventReminder',
      input: { event: id, at: eventDate },
      queue: 'mail',
    })
    await runMailJobs(site.payload)
    expect(await toldOf(alice, id)).toHaveLength(1)
  })

  it('a reminder not yet due waits; a moved time tells attendees and moves the reminder', async () => {
    const { id, eventDate } = await eventIn(72, 'Seed library')
    await runMailJobs(site.payload)
    expect(await toldOf(alice, id)).toEqual([])
    const [waiting] = await pendingReminders(id)
    expect(new Date(waiting!.wait_until).getTime()).toBe(new Date(eventDate).getTime() - 24 * HOUR)

    const moved = inHours(10)
    const res = await http.call('PATCH', `/api/events/${id}/details`, {
      body: { eventDate: moved },
      cookie: host.cookie,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const [change] = await toldOf(alice, id)
    expect(change).toMatchObject({
      type: 'event-changed',
      message: `"Seed library" now starts ${londonEventDate(new Date(moved))} (was ${londonEventDate(new Date(eventDate))}).`,
    })
    // The host, who moved it, is not told of their own change.
    expect(await toldOf(host, id)).toEqual([])
    const pending = await pendingReminders(id)
    expect(pending).toHaveLength(1)
    expect(new Date(pending[0]!.wait_until).getTime()).toBe(new Date(moved).getTime() - 24 * HOUR)
    await runMailJobs(site.payload)
    await runMailJobs(site.payload)
    const told = await toldOf(alice, id)
    expect(told.map((n) => n.type)).toEqual(['event-changed', 'event-reminder'])
    expect(told[1]!.message).toContain(londonEventDate(new Date(moved)))
  })

  it('a cancelled event tells attendees once, and no reminder follows', async () => {
    const { id } = await eventIn(12, 'Street choir')
    const patch = (body: Record<string, unknown>) =>
      http.call('PATCH', `/api/events/${id}/details`, { body, cookie: host.cookie })
    expect((await patch({ cancelled: true })).status).toBe(200)
    expect((await patch({ cancelled: true, description: 'Sorry, all off.' })).status).toBe(200)
    expect(await pendingReminders(id)).toEqual([])
    await runMailJobs(site.payload)
    const told = await toldOf(alice, id)
    expect(told.map((n) => n.type)).toEqual(['event-cancelled'])
    expect(told[0]!.message).toMatch(/^"Street choir" on .* has been cancelled\.$/)
    // Owed by mail (sent with the next of its kind, ten minutes after alice's last).
    expect(told[0]!.mailDue).toBe(true)
    expect(await toldOf(bob, id)).toEqual([])
  })

  it('a deleted event tells attendees once; its reminder is never sent', async () => {
    const { id, eventDate } = await eventIn(30, 'Tool share')
    expect(await pendingReminders(id)).toHaveLength(1)
    const res = await http.call('POST', `/api/events/${id}/delete`, { cookie: host.cookie })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await pendingReminders(id)).toEqual([])
    // A reminder job for it anyway (one already running when it went): it sends nothing.
    await site.payload.jobs.queue({
      task: 'eventReminder',
      input: { event: id, at: eventDate },
      queue: 'mail',
    })
    await runMailJobs(site.payload)
    const told = await toldOf(alice, id)
    expect(told.map((n) => n.type)).toEqual(['event-cancelled'])
    expect(told[0]!.link).toBe('/neighbourhood/remindham/events')
    expect(told[0]!.mailDue).toBe(true)
    // Going to it now: a clear 404, nothing written.
    const late = await http.call('POST', `/api/events/${id}/rsvp`, {
      body: { status: 'attending' },
      cookie: bob.cookie,
    })
    expect(late.status).toBe(404)
    expect(late.message).toBe('Event not found.')
  })
})
