/**
 * The site's capacity measured as browsers load pages (`npm run bench:capacity`). On the demo
 * seed, all on 127.0.0.1 with the cluster of tests/scale (nginx from `npm run nginx:config`, the
 * realtime role, one PostgreSQL):
 *  1. Chromium loads each page of the mix signed out and signed in; what each visit requests
 *     (its HTML and what the islands ask after it, not cached assets or images) is kept.
 *  2. With SOCKETS pusher-js clients subscribed to neighbourhood channels through nginx, the
 *     visits are replayed (autocannon, one run a kind) at rising rates of page views: 70%
 *     readers, 25% members reading, 5% members writing. The knee is the last step where every
 *     page view asked was answered (≥ 95%), fewer than 1% failed and each kind's p99 stayed
 *     under P99_MS. Page views per second per core divides by the CPU the site's processes
 *     (app instances, nginx, PostgreSQL, realtime) used, measured in /proc.
 *  3. The same with one app instance, then two.
 * Bounded: at most RATES.length steps of STEP_SECONDS each per setup, and no step starts after
 * BUDGET_MINUTES. CAPACITY_QUICK=1: 200 sockets, two short steps (a smoke run).
 * CAPACITY_TEMPLATE=<dir> reuses a seeded data folder (copied) instead of building one.
 * CAPACITY_RATES=150,225 and CAPACITY_INSTANCES=1 choose the steps and setups;
 * SITE_CPU_PROF_DIR=<dir> writes each started process's CPU profile there.
 */
import os from 'node:os'

import { freshDataDir, removeDataDir } from '@tests/faults/harness'
import { realtimeApp, startCluster } from '@tests/scale/cluster'

import { seededTemplate, loadAverage } from './builtSite'
import { kindsOf, pollPage, readingPages, votesIn } from './capacityKinds'
import { prepareWorld } from './capacityWorld'
import { runStep, type Session, type Step } from './mix'
import { openSubscribers } from './subscribers'
import { recordVisits, type Visit } from './visits'

const QUICK = process.env.CAPACITY_QUICK === '1'
const SOCKETS = Number(process.env.SOCKETS ?? (QUICK ? 200 : 2000))
const STEP_SECONDS = Number(process.env.STEP_SECONDS ?? (QUICK ? 3 : 8))
const RATES = process.env.CAPACITY_RATES
  ? process.env.CAPACITY_RATES.split(',').map(Number)
  : QUICK
    ? [20, 60]
    : [20, 30, 45, 70, 100, 150, 225, 340, 500, 750, 1100, 1600]
const WARM_UP_SECONDS = QUICK ? 2 : 5
const P99_MS = Number(process.env.P99_MS ?? 500)
const BUDGET_MINUTES = 9
const began = Date.now()
const minutes = () => ((Date.now() - began) / 60_000).toFixed(1)
const overBudget = () => Date.now() - began > BUDGET_MINUTES * 60_000

/** The most page views a setup can ask for (all steps unbroken). */
const pageViewsAtMost = RATES.reduce((sum, rate) => sum + rate * STEP_SECONDS, 0)

const sum = (step: Step, of: (k: Step['kinds'][number]) => number) =>
  step.kinds.reduce((total, k) => total + of(k), 0)
const broken = (step: Step) =>
  step.achieved < 0.95 * step.target ||
  step.kinds.some((k) => k.p99 > P99_MS) ||
  sum(step, (k) => k.bad) > 0.01 * sum(step, (k) => k.requests)

async function signIn(front: string, email: string): Promise<Session> {
  const answer = await fetch(`${front}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: front },
    body: JSON.stringify({ email, password: 'belong-demo' }),
  })
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('payload-token='))
  if (!cookie) throw new Error(`sign-in as ${email}: ${answer.status} ${await answer.text()}`)
  const { user } = (await answer.json()) as { user: { id: number } }
  return { cookie: cookie.split(';')[0]!, userId: user.id }
}

async function signInAll(front: string, emails: string[]): Promise<Session[]> {
  const sessions: Session[] = []
  // A few at a time, as members arrive (each sign-in hashes a password).
  for (let i = 0; i < emails.length; i += 4)
    sessions.push(...(await Promise.all(emails.slice(i, i + 4).map((e) => signIn(front, e)))))
  return sessions
}

const row = (step: Step) => {
  const cells = step.kinds.map((k) => `${k.p99}${k.bad ? ` (${k.statuses})` : ''}`)
  return `| ${step.target} | ${step.achieved.toFixed(0)} | ${cells.join(' | ')} | ${step.siteCores.toFixed(2)} | ${step.loaderCores.toFixed(2)} | ${(step.achieved / step.siteCores).toFixed(0)} |`
}

const byRole = (step: Step) =>
  [...step.coresByRole]
    .sort(([, a], [, b]) => b - a)
    .map(([role, cores]) => `${role} ${cores.toFixed(2)}`)
    .join(', ')

const given = process.env.CAPACITY_TEMPLATE
const template = given
  ? freshDataDir(given, 'capacity-template')
  : seededTemplate('capacity', 'http://127.0.0.1:3000')
const knees: { instances: number; knee?: Step; broke?: Step }[] = []
try {
  const world = await prepareWorld(template, votesIn(pageViewsAtMost))
  let readers: Visit[] = []
  let signedIn: Visit[] = []
  for (const instances of (process.env.CAPACITY_INSTANCES ?? '1,2').split(',').map(Number)) {
    if (overBudget()) break
    const cluster = await startCluster(freshDataDir(template, `capacity${instances}`), {
      instances,
      env: { RATE_LIMIT_EXEMPT: '127.0.0.1' },
    })
    const front = new URL(cluster.front)
    let sockets: Awaited<ReturnType<typeof openSubscribers>> | undefined
    try {
      const sessions = await signInAll(cluster.front, world.members)
      if (!readers.length) {
        const pages = readingPages(world)
        readers = await recordVisits(cluster.front, pages)
        signedIn = await recordVisits(
          cluster.front,
          [...pages, pollPage(world)],
          sessions[0]!.cookie,
        )
        console.log('\nWhat each page view requests (the HTML first; GETs unless marked):')
        for (const [who, visits] of [
          ['signed out', readers],
          ['signed in', signedIn],
        ] as const)
          for (const visit of visits)
            console.log(
              `  ${who.padEnd(10)} ${visit.page}: ${visit.calls.length} — ${visit.calls
                .slice(1)
                .map((c) => `${c.method === 'GET' ? '' : `${c.method} `}${c.path.split('?')[0]}`)
                .join(', ')}`,
            )
      }
      sockets = await openSubscribers(
        realtimeApp.key,
        front.hostname,
        Number(front.port),
        SOCKETS,
        (i) => `neighbourhood-${world.neighbourhoods[i % world.neighbourhoods.length]}`,
      )
      let delivered = 0
      sockets.onEvent(() => delivered++)
      const voters = sessions.filter((_, i) => world.voters.includes(world.members[i]!))
      const kinds = kindsOf(cluster.front, world, sessions, voters, readers, signedIn)
      console.log(
        `\n${instances} app instance(s), ${SOCKETS} sockets open, ${STEP_SECONDS} s a step (at ${minutes()} min, load ${loadAverage()}):`,
      )
      console.log(
        `| page views/s asked | answered | ${kinds.map((k) => `${k.name} p99 ms`).join(' | ')} | site cores | load generator cores | page views/s per site core |`,
      )
      console.log(
        `| ${Array(kinds.length + 5)
          .fill('---')
          .join(' | ')} |`,
      )
      const outcome: (typeof knees)[number] = { instances }
      // Warm-up, not counted: the instances' first requests compile code and fill caches.
      await runStep(cluster.front, kinds, RATES[0]!, WARM_UP_SECONDS)
      for (const rate of RATES) {
        if (overBudget()) break
        const step = await runStep(cluster.front, kinds, rate, STEP_SECONDS)
        console.log(row(step))
        if (broken(step)) {
          outcome.broke = step
          break
        }
        outcome.knee = step
      }
      console.log(`live events delivered to the open sockets: ${delivered}`)
      knees.push(outcome)
    } finally {
      sockets?.close()
      await cluster.stop()
    }
  }
} finally {
  await removeDataDir(template)
}

console.log(`\nAt the knee (${os.cpus().length} cores, load ${loadAverage()}, ${minutes()} min):`)
for (const { instances, knee, broke } of knees) {
  if (!knee) {
    console.log(
      `${instances} instance(s): broke at the first step (${broke ? `${row(broke)} ${byRole(broke)}` : '—'})`,
    )
    continue
  }
  const p99 = knee.kinds.map((k) => `${k.name} ${k.p99} ms`).join(', ')
  console.log(
    `${instances} instance(s): ${knee.achieved.toFixed(0)} page views/s, ${(knee.achieved / knee.siteCores).toFixed(0)} per site core (site ${knee.siteCores.toFixed(2)} cores: ${byRole(knee)}; load generator ${knee.loaderCores.toFixed(2)}); p99 ${p99}` +
      (broke ? `; broke at ${broke.target}/s` : '; did not break'),
  )
}
const [one, two] = knees.map((k) => k.knee?.achieved ?? 0)
if (one && two) console.log(`two instances / one: ${(two / one).toFixed(2)}× (2× would be linear)`)
process.exit(0)
