import { afterAll, expect, test } from 'vitest'

import { faultSiteForFile } from '@tests/support/faultSite'
import { pushService } from '@tests/support/pushService'
import { mailCatcher } from '@tests/support/smtp'
import { confirmedFollower, member, newEvent, report, waitFor } from './harness'

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

/** A confirmed follower of the place with a device that wants new events pushed. */
async function followerWithDevice(url: string, neighbourhood: number, n: number) {
  const { headers } = await confirmedFollower(url, smtp, neighbourhood, `pushfollower${n}`)
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

  await newEvent(site.url, author, 'Lantern walk')
  const lantern = () => service.received.filter((p) => p.payload.title.includes('Lantern walk'))
  const restarted = await fault.killMidway(env, () => lantern().length, 'the first pushes')
  site = restarted.site

  const arrived = (device: string) => lantern().filter((p) => p.device === device)
  // Pushes are their own task in the job metrics while their jobs are in the table (a done job
  // leaves it): scraped as they go out, since the last one may be gone before a later scrape.
  const pushTask = /belong_jobs_waiting\{task="(dispatch|send)Pushes"\}/
  let metrics = ''
  const scrape = async () => {
    if (pushTask.test(metrics)) return
    const answer = await fetch(`${site.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    }).catch(() => null)
    metrics = (await answer?.text()) ?? ''
  }
  await waitFor(
    async () => {
      await scrape()
      return devices.every((d) => arrived(d).length > 0)
    },
    90_000,
    'a push to every device',
  )
  const repeats = devices.filter((d) => arrived(d).length > 1)
  report({
    fault: 'app kill -9 mid-batch of pushes, started again',
    sent: FOLLOWERS,
    acknowledged: lantern().length,
    lost: devices.filter((d) => arrived(d).length === 0).length,
    recoveryMs: 0,
    notes: `${restarted.atKill} pushes had arrived at the kill; ${repeats.length} arrived twice`,
  })
  expect(metrics).toMatch(pushTask)
  // Only a push in flight at the kill may come again: one per send job running then.
  expect(repeats.length).toBeLessThanOrEqual(2)
  for (const d of repeats) expect(new Set(arrived(d).map((p) => p.payload.tag)).size).toBe(1)
  expect(devices.filter((d) => arrived(d).length === 0)).toEqual([])
})
