import { afterAll, expect, test } from 'vitest'

import { faultSiteForFile } from '@tests/support/faultSite'
import { pushService } from '@tests/support/pushService'
import { signUpFormAt } from '@tests/support/signUpForm'
import { mailCatcher } from '@tests/support/smtp'
import { member, report, waitFor } from './harness'

/** Members who follow the place, each with a device that wants new events pushed. */
const FOLLOWERS = 30
const TOKEN = 'push-kill-metrics-token'

const fault = faultSiteForFile('pushkill')
// Each push is answered 300 ms after it arrived: a kill finds one in flight.
const service = pushService({ answerAfterMs: 300 })
const smtp = mailCatcher()
afterAll(async () => {
  await service.close()
  await smtp.close()
})

const textOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')

/** Signs up, confirms the address by the mailed link, follows the place, turns pushes on. */
async function followerWithDevice(url: string, neighbourhood: number, n: number) {
  const email = `pushfollower${n}@faults.test`
  const json = { 'content-type': 'application/json', origin: url }
  const password = 'fault-follower-password'
  const created = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email,
      password,
      userName: `pushfollower${n}`,
      ...(await signUpFormAt(url)),
    }),
  })
  expect(created.status, await created.clone().text()).toBe(201)
  let link = ''
  await waitFor(
    () => {
      const mail = smtp.received.find((m) => m.to.includes(email))
      link = mail
        ? (/https?:\/\/\S+confirm-email\?token=[\w.%-]+/.exec(textOf(mail.raw))?.[0] ?? '')
        : ''
      return Boolean(link)
    },
    30_000,
    `the confirmation mail to ${email}`,
  )
  expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400)
  const login = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password }),
  })
  const { token } = (await login.json()) as { token: string }
  const headers = { ...json, authorization: `JWT ${token}` }
  const followed = await fetch(`${url}/api/follows/toggle`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ neighbourhood }),
  })
  expect(followed.status).toBe(200)
  const device = `device${n}`
  const subscribed = await fetch(`${url}/api/push-subscriptions/device`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ subscription: service.device(device), kinds: ['newEvents'] }),
  })
  expect(subscribed.status, await subscribed.clone().text()).toBe(200)
  return device
}

test('the app killed -9 mid-batch of pushes and started again: every push due arrives, a repeat only for one in flight', async () => {
  const env = {
    SMTP_URL: `smtp://127.0.0.1:${await smtp.listen()}`,
    PUSH_ENDPOINT_ALLOW: await service.listen(),
    MAIL_CRON: '* * * * * *',
    // A send job left running by the killed process is released this soon after.
    MAIL_STALE_MS: '3000',
    METRICS_TOKEN: TOKEN,
  }
  let site = await fault.start(env)
  const author = await member(site.url)
  const devices: string[] = []
  for (let n = 0; n < FOLLOWERS; n++)
    devices.push(await followerWithDevice(site.url, author.neighbourhood, n))

  const event = await fetch(`${site.url}/api/events`, {
    method: 'POST',
    headers: author.headers,
    body: JSON.stringify({
      title: 'Lantern walk',
      description: 'Meet at the gate.',
      location: 'Park gate',
      eventDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      neighbourhood: author.neighbourhood,
    }),
  })
  expect(event.status).toBe(201)
  const lantern = () => service.received.filter((p) => p.payload.title.includes('Lantern walk'))
  await waitFor(() => lantern().length >= 3, 60_000, 'the first pushes')
  await site.kill()
  const atKill = lantern().length
  site = await fault.start(env, site.port)

  const arrived = (device: string) => lantern().filter((p) => p.device === device)
  await waitFor(() => devices.every((d) => arrived(d).length > 0), 90_000, 'a push to every device')
  const repeats = devices.filter((d) => arrived(d).length > 1)
  // Pushes are their own task in the job metrics.
  const metrics = await (
    await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text()
  report({
    fault: 'app kill -9 mid-batch of pushes, started again',
    sent: FOLLOWERS,
    acknowledged: lantern().length,
    lost: devices.filter((d) => arrived(d).length === 0).length,
    recoveryMs: 0,
    notes: `${atKill} pushes had arrived at the kill; ${repeats.length} arrived twice`,
  })
  expect(metrics).toMatch(/belong_jobs_waiting\{task="(dispatch|send)Pushes"\}/)
  // Only a push in flight at the kill may come again: one per send job running then.
  expect(repeats.length).toBeLessThanOrEqual(2)
  for (const d of repeats) expect(new Set(arrived(d).map((p) => p.payload.tag)).size).toBe(1)
  expect(devices.filter((d) => arrived(d).length === 0)).toEqual([])
})
