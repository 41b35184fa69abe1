/**
 * Two-machine figures (`npm run bench:scale`, after the one-machine ones): the setup of
 * tests/scale/machines.ts on the demo seed (two data folders, one primary and its replica, an
 * S3 stand-in). WRITES reviews (default 100), one at a time, each on machine A or B in turn;
 * for each, the time from the write's answer until its comment is in the static page of the
 * other machine, and of every machine. Prints p50/p99/max.
 */
import { removeDataDir, type Site } from '@tests/faults/harness'
import {
  newMember,
  newNeighbourhood,
  PUBLIC,
  review,
  startMachines,
  staticPage,
} from '@tests/scale/machines'

import { seededTemplate } from './builtSite'

const WRITES = Number(process.env.WRITES ?? 100)
/** How long one page may take to reach a machine before the bench gives up. */
const GIVE_UP_MS = 30_000

const template = seededTemplate('machines', PUBLIC)

/** Resolves with the ms from `since` until `site` serves `route` with `text` in its file. */
async function reached(site: Site, route: string, text: string, since: number): Promise<number> {
  for (;;) {
    if ((await staticPage(site, route)).includes(text)) return Date.now() - since
    if (Date.now() - since > GIVE_UP_MS) throw new Error(`${route} never reached ${site.url}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

const machines = await startMachines(template)
try {
  const [a, b] = machines.sites as [Site, Site]
  const auth = await newMember(a)
  const places = [] as Awaited<ReturnType<typeof newNeighbourhood>>[]
  for (let i = 0; i < 10; i++) places.push(await newNeighbourhood(a, auth))
  const toOther: number[] = []
  const toEvery: number[] = []
  for (let n = 0; n < WRITES; n++) {
    const [writer, other] = n % 2 ? [b, a] : [a, b]
    const place = places[n % places.length]!
    const route = `/neighbourhood/${place.slug}`
    const comment = `Bench review ${n} (${Date.now()}).`
    const answered = await review(writer, auth, place.id, comment)
    const [there, here] = await Promise.all([
      reached(other, route, comment, answered),
      reached(writer, route, comment, answered),
    ])
    toOther.push(there)
    toEvery.push(Math.max(there, here))
  }
  console.log(`\nFrom a write's answer to its static page (${WRITES} writes, A and B in turn):`)
  console.log('| page on | p50 ms | p99 ms | max ms |')
  console.log('| --- | --- | --- | --- |')
  for (const [what, times] of [
    ['the other machine', toOther],
    ['every machine', toEvery],
  ] as const) {
    const sorted = [...times].sort((x, y) => x - y)
    console.log(
      `| ${what} | ${percentile(sorted, 50)} | ${percentile(sorted, 99)} | ${sorted.at(-1)} |`,
    )
  }
} finally {
  await machines.stop()
  await removeDataDir(template)
}
process.exit(0)
