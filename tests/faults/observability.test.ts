import { spawnSync } from 'node:child_process'
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import WebSocket from 'ws'

import { freePort } from '@/server/database/postgres'
import { signUpFormAt } from '@tests/support/signUpForm'
import { mailCatcher } from '@tests/support/smtp'
import {
  freshDataDir,
  member,
  removeDataDir,
  startSite,
  waitFor,
  type Site,
} from '@tests/faults/harness'

/**
 * What an operator sees of the running site over HTTP (src/server/observability/): /metrics
 * behind its token or on its own address, the request log and its ids, /readyz.
 */

const TOKEN = 'metrics-test-token-0123456789'
const hasPromtool = spawnSync('promtool', ['--version']).status === 0

let dataDir = ''
let site: Site | undefined
let metricsPort = 0
const smtp = mailCatcher()

beforeAll(async () => {
  dataDir = freshDataDir(inject('faultsTemplate'), 'observability')
  metricsPort = await freePort()
  site = await startSite(dataDir, {
    METRICS_TOKEN: TOKEN,
    METRICS_LISTEN: `127.0.0.1:${metricsPort}`,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    SMTP_URL: `smtp://127.0.0.1:${await smtp.listen()}`,
    MAIL_CRON: '* * * * * *',
    // Pages rewritten soon after a write, as in production.
    SITE_REGEN_DELAY_MS: '100',
  })
})

afterAll(async () => {
  await site?.stop()
  await smtp.close()
  if (dataDir) await removeDataDir(dataDir)
})

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
  const res = await fetch(`${site!.url}/metrics`, { headers })
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() }
}

/** The request log's JSON lines so far. */
const logLines = () =>
  site!.output.flatMap((line) => {
    if (!line.startsWith('{')) return []
    try {
      return [JSON.parse(line) as Record<string, unknown>]
    } catch {
      return []
    }
  })

/** The sum of a metric's series whose labels include `labels` (0 when there is none). */
function valueOf(body: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0
  for (const line of body.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (match?.[1] !== name) continue
    const has = Object.entries(labels).every(([k, v]) => match[2]?.includes(`${k}="${v}"`))
    if (has) sum += Number(match[3])
  }
  return sum
}

/** A GET with a raw X-Request-Id (node:http, which sends what fetch would refuse to). */
const getWithId = (path: string, id: string) =>
  new Promise<{ status: number; id: string | undefined }>((resolve, reject) => {
    const req = http.get(`${site!.url}${path}`, { headers: { 'x-request-id': id } }, (res) => {
      res.resume()
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, id: res.headers['x-request-id'] as string }),
      )
    })
    req.on('error', reject)
  })

describe('/metrics', () => {
  test('is refused without the token, or with another', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: TOKEN },
    ]
    for (const headers of refused) {
      const answer = await scrape(headers)
      expect(answer.status).toBe(401)
      expect(answer.body).not.toContain('belong_')
    }
  })

  test('with the token: Prometheus text that promtool accepts', async () => {
    const answer = await scrape()
    expect(answer.status).toBe(200)
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/)
    for (const name of [
      'belong_http_requests_total',
      'belong_db_pool_connections',
      'belong_site_stale_pages',
      'belong_mail_outbox_oldest_unsent_seconds',
      'belong_realtime_connections',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(answer.body).toContain(`# TYPE ${name} `)
    expect(answer.body).toMatch(/^belong_database_up 1$/m)
    if (!hasPromtool)
      return console.warn('promtool is not installed: `promtool check metrics` skipped')
    const check = spawnSync('promtool', ['check', 'metrics'], { input: answer.body })
    expect(`${check.stdout}${check.stderr}`).toBe('')
    expect(check.status).toBe(0)
  })

  test('counts a request by its route template, never by its id or slug', async () => {
    const id = 987_654_321
    const slug = 'nowhere-slug-4821'
    expect((await fetch(`${site!.url}/api/reviews/${id}`)).status).toBeLessThan(500)
    expect((await fetch(`${site!.url}/neighbourhood/${slug}`)).status).toBeLessThan(500)
    const counted = (body: string, kind: string, route: string) =>
      new RegExp(
        `^belong_http_requests_total\\{kind="${kind}",route="${route.replace(/[/*]/g, '\\$&')}",method="GET",code="\\d{3}",class="\\dxx"\\} [1-9]`,
        'm',
      ).test(body)
    let body = ''
    // Counted once the answer has ended on the server's side: the scrape may come first.
    await waitFor(
      async () => {
        body = (await scrape()).body
        return (
          counted(body, 'api', '/api/reviews/:id') && counted(body, 'page', '/neighbourhood/:slug')
        )
      },
      10_000,
      'the requests to be counted',
    )
    expect(body).toMatch(/^belong_http_request_duration_seconds_bucket\{le="[^"]+",kind="api"/m)
    expect(body).not.toContain(String(id))
    expect(body).not.toContain(slug)
  })

  test('scrapes twice with 200 requests in flight, every answer whole', async () => {
    const load = Array.from({ length: 200 }, (_, i) =>
      fetch(`${site!.url}${i % 2 ? '/api/neighbourhoods?limit=1' : '/'}`).then((r) => r.status),
    )
    const scrapes = [scrape(), scrape()]
    for (const answer of await Promise.all(scrapes)) {
      expect(answer.status).toBe(200)
      expect(answer.body).toContain('# TYPE belong_http_requests_total counter')
    }
    expect((await Promise.all(load)).filter((status) => status !== 200)).toEqual([])
  })

  test('answers anyone on its own address, and nothing else there', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('# TYPE belong_http_requests_total counter')
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/reviews`)).status).toBe(404)
  })
})

describe('request ids and the request log', () => {
  test('a well-formed X-Request-Id is kept, answered and logged with the route', async () => {
    const id = `obs-test.${Date.now()}_A`
    const answer = await getWithId('/api/neighbourhoods?limit=1', id)
    expect(answer).toEqual({ status: 200, id })
    const line = await waitFor(
      () => logLines().some((l) => l.reqId === id),
      10_000,
      'the request line',
    ).then(() => logLines().find((l) => l.reqId === id)!)
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/neighbourhoods',
      kind: 'api',
      status: 200,
      path: '/api/neighbourhoods',
    })
    expect(typeof line.ms).toBe('number')
    expect(typeof line.time).toBe('number')
  })

  test('a malformed one is replaced, never echoed, never a 5xx', async () => {
    for (const bad of ['x'.repeat(65), 'two words', 'tab\there', 'caf\u00e9', '../../etc']) {
      const answer = await getWithId('/healthz', bad)
      expect(answer.status).toBe(200)
      expect(answer.id).toMatch(/^[0-9a-f-]{36}$/)
    }
    expect(site!.output.join('\n')).not.toContain('x'.repeat(65))
    // Without one, the server makes one.
    const res = await fetch(`${site!.url}/healthz`)
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  test("a write's line names the member by id; no password, token or e-mail is logged", async () => {
    const writer = await member(site!.url)
    const token = writer.headers.authorization.replace('JWT ', '')
    await waitFor(
      () =>
        logLines().some(
          (l) =>
            l.route === '/api/neighbourhoods/new' && l.method === 'POST' && l.member !== undefined,
        ),
      10_000,
      "the write's line with its member",
    )
    const output = site!.output.join('\n')
    expect(output).not.toContain('fault-member-password')
    expect(output).not.toContain(token)
    expect(output).not.toMatch(/@faults\.test/)
  })
})

describe('what members do moves the figures', () => {
  test('a write, its page, a live message and the mail jobs each move their metrics', async () => {
    const before = (await scrape()).body
    const writer = await member(site!.url)
    // A reader's page listening on the neighbourhood's channel, as pusher-js would.
    const socket = new WebSocket(`ws://127.0.0.1:${site!.port}/app/belong-key?protocol=7`)
    const events: string[] = []
    socket.on('message', (data: Buffer) =>
      events.push(String((JSON.parse(String(data)) as { event: string }).event)),
    )
    await waitFor(() => events.includes('pusher:connection_established'), 10_000, 'the socket')
    socket.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: `neighbourhood-${writer.neighbourhood}` },
      }),
    )
    await waitFor(
      () => events.includes('pusher_internal:subscription_succeeded'),
      10_000,
      'the subscription',
    )
    const written = await fetch(`${site!.url}/api/reviews/new`, {
      method: 'POST',
      headers: writer.headers,
      body: JSON.stringify({ neighbourhood: writer.neighbourhood, rating: 4, comment: 'Figures' }),
    })
    expect(written.status).toBe(201)
    await waitFor(() => events.includes('review.created'), 10_000, 'the live review')
    socket.close()

    const moved = (body: string, name: string, labels?: Record<string, string>) =>
      valueOf(body, name, labels) > valueOf(before, name, labels)
    let after = ''
    await waitFor(
      async () => {
        after = (await scrape()).body
        return [
          moved(after, 'belong_http_requests_total', { route: '/api/reviews/new', code: '201' }),
          moved(after, 'belong_db_query_duration_seconds_count', { statement: 'insert' }),
          // The neighbourhood's page rewritten after the write.
          moved(after, 'belong_site_page_delay_seconds_count'),
          moved(after, 'belong_realtime_pushes_total', { result: 'sent' }),
          moved(after, 'belong_realtime_messages_sent_total'),
          // The sign-up's confirmation mail went out; the mail jobs run on their schedule.
          moved(after, 'belong_job_runs_total', { task: 'dispatchMails', result: 'completed' }),
        ].every(Boolean)
      },
      30_000,
      'every figure to move',
    )
    expect(valueOf(after, 'belong_jobs_failed')).toBe(0)
    if (hasPromtool) {
      const check = spawnSync('promtool', ['check', 'metrics'], { input: after })
      expect(`${check.stdout}${check.stderr}`).toBe('')
    }
  })

  test("the request id reaches the mail the request sent, and the mail's log line", async () => {
    const id = `obs-mail.${Date.now()}`
    const email = `obs${Date.now()}@faults.test`
    const created = await fetch(`${site!.url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site!.url, 'x-request-id': id },
      body: JSON.stringify({
        email,
        password: 'fault-member-password',
        userName: `obsmail${Date.now().toString(36)}`,
        ...(await signUpFormAt(site!.url)),
      }),
    })
    expect(created.status).toBe(201)
    expect(created.headers.get('x-request-id')).toBe(id)
    const mail = await waitFor(
      () => smtp.received.some((m) => m.to.includes(email)),
      30_000,
      'the confirmation mail',
    ).then(() => smtp.received.find((m) => m.to.includes(email))!)
    expect(mail.raw).toMatch(new RegExp(`^X-Request-Id: ${id.replace('.', '\\.')}\r?$`, 'im'))
    await waitFor(
      () => logLines().some((l) => l.reqId === id && l.msg === 'mail sent'),
      10_000,
      "the mail's log line under the request's id",
    )
  })
})

describe('/readyz', () => {
  test('answers 200 once the site is ready, 503 with its reason before', async () => {
    type Readiness = { ready: boolean; reason?: string }
    let body: Readiness | undefined
    await waitFor(
      async () => {
        const res = await fetch(`${site!.url}/readyz`)
        body = (await res.json()) as Readiness
        if (res.status === 503) expect(body.reason).toEqual(expect.any(String))
        return res.status === 200
      },
      30_000,
      '/readyz to answer 200',
    )
    expect(body).toEqual({ ready: true })
  })
})
