import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { pgPool } from '@/server/database/db'
import { describeApi } from '@/server/http/openapi/describe'
import { answerChecker } from '@tests/support/apiDescription'
import { freePort } from '@/server/database/postgres'
import { startFakeGeocoder, type FakeGeocoder } from '@tests/support/fakeGeocoder'
import { serveOverHttp, type HttpSite } from '@tests/support/httpSite'
import { callsOf, describeCall, send, type Actor, type Call } from './apiFuzz/calls'
import { operationsOf } from './apiFuzz/operations'
import { leakIn, type Secrets } from './apiFuzz/secrets'
import { fuzzSeed, rerunHint } from './apiFuzz/seed'
import { postAs, Victims } from './apiFuzz/victims'
import { enrolSecondFactor, makeUser, startTestSite, type TestSite } from './harness'

/**
 * Every operation of the API (each collection's REST routes and own endpoints, the root
 * endpoints), called over HTTP through the site's own server by a stranger, a member and a
 * different member, with generated inputs, valid and hostile (docs/testing.md, "The API fuzz").
 * For every answer: never a 5xx, never a private field or another account's secret; another
 * member's documents never changed; a batch whose writes were all refused changed nothing.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000)
/** Requests sent at once (a client's parallel calls; the site serves them concurrently). */
const BATCH = 8
const seed = fuzzSeed()

let site: TestSite
let http: HttpSite
let geocoder: FakeGeocoder
const cookies: Record<Actor, string> = { anonymous: '', member: '', other: '' }
const secrets: Secrets = {}
const serverErrors = new Map<string, string>()
const ids: number[] = []
let victims: Victims

beforeAll(async () => {
  // 20,000 request lines would drown the report (the logger is made before the site's settings).
  const { logDestination, logger, requestLogger } = await import('@/server/observability/logger')
  logger.level = requestLogger.level = 'warn'
  // Errors logged while serving a request, by its id, for the report of a 5xx.
  const write = logDestination.write.bind(logDestination)
  logDestination.write = (line: string) => {
    const reqId = /"reqId":"([^"]+)"/.exec(line)?.[1]
    if (reqId && line.includes('"err"')) serverErrors.set(reqId, line.slice(0, 1500))
    return write(line)
  }
  geocoder = await startFakeGeocoder()
  const port = await freePort()
  site = await startTestSite({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The limits stay in the path; this address is exempt, as the e2e server's is.
    RATE_LIMIT_EXEMPT: '127.0.0.1',
    GEOCODER_URL: geocoder.url,
  })
  http = await serveOverHttp(site.payload, port)
  const owner = await makeUser(site, 'owner')
  const member = await makeUser(site, 'fuzzer')
  const other = await makeUser(site, 'other')
  cookies.member = member.cookie
  cookies.other = other.cookie
  victims = await Victims.make(site, http, owner)
  for (const who of [member, other]) {
    await postAs(http, who, '/api/reviews', {
      neighbourhood: victims.neighbourhood,
      rating: 3,
      comment: 'A review of my own.',
    })
    await postAs(http, who, '/api/stories', {
      title: 'Mine',
      description: 'A story of my own.',
      neighbourhood: victims.neighbourhood,
    })
  }
  const factor = await enrolSecondFactor(site, owner.id, owner.email)
  const token = (cookie: string) => cookie.split('=')[1] ?? ''
  secrets.owner = [owner.email, token(owner.cookie), factor.secret, ...factor.recovery]
  secrets.member = [member.email, token(member.cookie)]
  secrets.other = [other.email, token(other.cookie)]
  for (const [name, who] of [
    ['owner', owner],
    ['member', member],
    ['other', other],
  ] as const)
    secrets[name]!.push(...(await sessionIds(site, who.id)))
  await victims.remember()
  ids.push(...victims.ids, owner.id, member.id, other.id, ...(await someIds(site)))
}, 180_000)

afterAll(async () => {
  await http?.close()
  await site?.close()
  await geocoder?.close()
})

/** The ids of an account's sessions (each signed-in browser's). */
async function sessionIds(site: TestSite, id: number): Promise<string[]> {
  const user = await site.payload.findByID({ collection: 'users', id, overrideAccess: true })
  return (user.sessions ?? []).map((session) => session.id)
}

/** Ids of the documents the fixtures made, in every collection (so paths name real ones). */
async function someIds(site: TestSite): Promise<number[]> {
  const { rows } = await pgPool(site.payload).query<{ id: number }>(
    'SELECT id FROM reviews UNION SELECT id FROM stories UNION SELECT id FROM comments',
  )
  return rows.map((row) => Number(row.id))
}

it(`${REQUESTS} generated requests: no 5xx, no leak, nobody else's documents changed`, async () => {
  const operations = operationsOf(site.payload.config)
  const calls = callsOf(site.payload.config, operations, ids)
  const started = Date.now()
  const statuses = new Map<number, number>()
  let sent = 0
  let checkedBatches = 0
  console.log(`api fuzz: ${operations.length} operations, seed ${seed}`)
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(calls, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const writes = batch.filter((call) => call.method !== 'GET' && !call.override)
        const before = writes.length ? await victims.fingerprint() : null
        const answers = await Promise.all(batch.map((call) => send(http.base, call, cookies)))
        sent += batch.length
        batch.forEach((call, i) => check(call, answers[i]!))
        for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1)
        const allRefused = batch.every(
          (call, i) => call.method === 'GET' || answers[i]!.status >= 400,
        )
        if (before && allRefused) {
          checkedBatches++
          expect(
            await victims.fingerprint(),
            `refused writes changed rows: ${batch.map(describeCall).join('\n')}`,
          ).toEqual(before)
        }
      }),
      { numRuns: Math.ceil(REQUESTS / BATCH), seed, endOnFailure: true },
    )
  } catch (error) {
    // fast-check's report holds the whole batch; the failed check names its own request.
    const cause = (error as Error).cause as Error | undefined
    throw new Error(`${rerunHint(seed)}\n${(cause ?? (error as Error)).message.slice(0, 3000)}`)
  }
  await victims.expectUnchanged()
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`)
  console.log(
    `api fuzz: ${sent} requests in ${seconds} s (seed ${seed}); ${checkedBatches} all-refused batches checked; ${byStatus.join(', ')}`,
  )
  expect(sent).toBeGreaterThanOrEqual(REQUESTS)
  expect([...undescribed.values()], 'answers outside the API description').toEqual([])
}, 600_000)

/** Answers the description does not describe, one example per operation and status. */
const undescribed = new Map<string, string>()
let described: ReturnType<typeof answerChecker> | undefined

function checkDescribed(call: Call, answer: { status: number; text: string; media: string }) {
  // A method override is read as a GET of the same path: no operation of its own.
  if (call.override) return
  described ??= answerChecker(describeApi(site.payload.config, 'fuzz'))
  let body: unknown = {}
  if (answer.media.startsWith('application/json')) {
    try {
      body = JSON.parse(answer.text)
    } catch {
      body = answer.text
    }
  }
  const { operation, problem } = described(call.method, call.url, answer.status, body, answer.media)
  const key = `${operation ?? call.url.split('?')[0]} ${answer.status}`
  if (problem && !undescribed.has(key)) undescribed.set(key, `${problem}\n  ${describeCall(call)}`)
}

function check(call: Call, answer: { status: number; text: string; id: string; media: string }) {
  checkDescribed(call, answer)
  const logged = serverErrors.get(answer.id)
  const what = `${describeCall(call)}\n→ ${answer.status} ${answer.text.slice(0, 300)}${logged ? `\nlogged: ${logged}` : ''}`
  expect(answer.status, what).toBeLessThan(500)
  const leak = leakIn(answer.text, call.actor, secrets, call.url.split('?')[0]!)
  expect(leak, what).toBeNull()
  if (victims.isWriteToOne(call))
    expect(answer.status, `another member's document: ${what}`).toBeGreaterThanOrEqual(400)
}
