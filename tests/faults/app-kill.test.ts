import { expect, test } from 'vitest'

import { member, report, reviewIds, waitFor, writeLoad } from './harness'
import { faultSiteForFile } from '@tests/support/faultSite'

const fault = faultSiteForFile('appkill')

test('the app killed -9 mid-write and started again: no acknowledged write lost', async () => {
  let site = await fault.start()
  const { port } = site
  const who = await member(site.url)
  const load = writeLoad(site.url, who, 4)
  const acked = () => load.answers.filter((a) => a.status === 201)
  await waitFor(() => acked().length >= 30, 60_000, '30 acknowledged writes')

  const killedAt = Date.now()
  await site.kill()
  // The writers keep knocking (refused connections) while the same command starts it again; the
  // start stops the PostgreSQL the killed process left behind and recovers its data folder.
  site = await fault.start({}, port)
  await waitFor(
    () => acked().some((a) => a.startedAt > killedAt),
    30_000,
    'an acknowledged write after the restart',
  )
  const recoveryMs = acked().find((a) => a.startedAt > killedAt)!.at - killedAt
  const ackedBeforeStop = acked().length
  await waitFor(() => acked().length >= ackedBeforeStop + 10, 30_000, '10 more writes')
  const answers = await load.stop()

  // Every answer is an acknowledgement, a refused connection (app down) or a 503 while starting.
  for (const a of answers.filter((x) => x.status !== 201 && x.status !== 0))
    expect(a.status, a.body).toBe(503)
  const ids = await reviewIds(site.url, who.neighbourhood)
  const lost = answers.filter((a) => a.status === 201 && !ids.has(a.id!))
  report({
    fault: 'app kill -9 mid-write, started again',
    sent: answers.length,
    acknowledged: acked().length,
    lost: lost.length,
    recoveryMs,
    notes: `${answers.filter((a) => a.status === 0).length} requests found no server; recovery includes the restart`,
  })
  expect(lost).toEqual([])
})
