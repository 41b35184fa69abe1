import { expect, test } from 'vitest'

import { alive, member, postmasterPid, report, reviewIds, waitFor, writeLoad } from './harness'
import { faultSiteForFile } from '@tests/support/faultSite'

const fault = faultSiteForFile('pgkill')

const ROUNDS = 3

test('PostgreSQL killed -9 under write load (3 times): 503 + Retry-After meanwhile, back by itself within 15 s, no acknowledged write lost', async () => {
  const site = await fault.start()
  const { dataDir } = fault
  const who = await member(site.url)
  const load = writeLoad(site.url, who, 4)
  const acked = () => load.answers.filter((a) => a.status === 201)
  const recoveries: number[] = []

  for (let round = 1; round <= ROUNDS; round++) {
    const ackedBefore = acked().length
    await waitFor(() => acked().length >= ackedBefore + 20, 60_000, '20 acknowledged writes')
    const pid = postmasterPid(dataDir)!
    const killedAt = Date.now()
    process.kill(pid, 'SIGKILL')
    await waitFor(() => !alive(pid), 5_000, 'the postmaster to die')

    // Meanwhile: API writes answer 503 with Retry-After…
    await waitFor(
      () => load.answers.some((a) => a.at > killedAt && a.status === 503),
      15_000,
      'a 503 during the outage',
    )
    const firstRefusal = load.answers.find((a) => a.at > killedAt && a.status === 503)!
    // …and by itself it comes back: a write sent after the first refusal is acknowledged.
    await waitFor(
      () => acked().some((a) => a.startedAt > firstRefusal.at),
      15_000 - (Date.now() - killedAt),
      'an acknowledged write after the restart',
    )
    recoveries.push(acked().find((a) => a.startedAt > firstRefusal.at)!.at - killedAt)
    await waitFor(() => fetch(`${site.url}/healthz`).then((r) => r.ok), 5_000, '/healthz to say ok')
    expect(postmasterPid(dataDir)).not.toBe(pid)
  }
  // A little more load on the restarted database, then stop and count.
  const ackedBeforeStop = acked().length
  await waitFor(() => acked().length >= ackedBeforeStop + 10, 30_000, '10 more writes')
  const answers = await load.stop()

  const failures = answers.filter((a) => a.status !== 201)
  for (const failure of failures) {
    expect(failure.status, failure.body).toBe(503)
    expect(failure.retryAfter).toMatch(/^\d+$/)
  }
  const ids = await reviewIds(site.url, who.neighbourhood)
  const lost = answers.filter((a) => a.status === 201 && !ids.has(a.id!))
  report({
    fault: 'postgres kill -9 under write load',
    sent: answers.length,
    acknowledged: acked().length,
    lost: lost.length,
    recoveryMs: Math.max(...recoveries),
    notes: `${ROUNDS} kills, recoveries ${recoveries.join('/')} ms; ${failures.length} answered 503 + Retry-After, 0 answered 500`,
  })
  expect(lost).toEqual([])
  expect(Math.max(...recoveries)).toBeLessThan(15_000)
  expect(site.output.filter((l) => l.includes('postgres: restarted'))).toHaveLength(ROUNDS)
})
