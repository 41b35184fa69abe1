import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { signUpFormOf } from '@tests/support/signUpForm'
import {
  freshDataDir,
  removeDataDir,
  startRealtimeRole,
  startSite,
  stopChild,
  type Site,
} from '@tests/faults/harness'
import { freePort } from '@/server/database/postgres'
import { realtimeApp, realtimeEnv, startFrontServer } from './cluster'
import { startS3, type S3Stand } from '@tests/support/s3'
import { addStandby, STREAMING_SETTINGS, type Standby } from '@tests/support/standby'

/**
 * Belong on two machines, all on 127.0.0.1: app instances with separate data folders (two
 * disks, each a copy of `template`), each behind its own nginx serving its own folder, one
 * realtime role, one PostgreSQL primary (the first folder's cluster) with a streaming replica
 * both read through, an S3-protocol bucket, and a local HTTP server standing in for the CDN's
 * purge API. Used by tests/scale/machines.test.ts and `npm run bench:scale`.
 */
export interface Machines {
  sites: Site[]
  /** Each machine's nginx (`npm run nginx:config`), in the order of `sites`. */
  fronts: { url: string }[]
  dirs: string[]
  /** What every machine starts with (to start one again, or a new one). */
  env: Record<string, string>
  postgres: RunningPostgres
  standby: Standby
  /** Straight to the replica (to pause its replay). */
  onStandby: pg.Pool
  s3: S3Stand
  /** What the stand-in CDN was asked to purge: the URLs of each request, and its token. */
  purges: { files: string[]; authorization?: string }[]
  stop: () => Promise<void>
}

/** The name every machine answers to (the template's pages link to it: none is rewritten). */
export const PUBLIC = 'http://127.0.0.1:3000'
export const CDN_TOKEN = 'machines-cdn-token'

export async function startMachines(template: string, count = 2): Promise<Machines> {
  const stops: (() => Promise<unknown>)[] = []
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {})
  }
  try {
    const dirs = Array.from({ length: count }, (_, i) => freshDataDir(template, `machine-${i}`))
    stops.push(async () => {
      for (const dir of dirs) await removeDataDir(dir)
    })
    // Commits are flushed at once, so the replica streams them without waiting on the WAL writer.
    const settings = { synchronous_commit: 'on', ...STREAMING_SETTINGS }
    const postgres = await startEmbeddedPostgres({ dir: dirs[0]!, databases: ['belong'], settings })
    stops.push(() => postgres.stop())
    const standbyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-machines-standby-'))
    fs.chmodSync(standbyDir, 0o755) // as root, postgres runs as nobody, which must get through
    stops.push(async () => fs.rmSync(standbyDir, { recursive: true, force: true }))
    const standby = await addStandby(postgres, standbyDir, 'machines', settings)
    stops.push(() => standby.remove())
    const onStandby = new pg.Pool({ connectionString: standby.postgres.url('belong'), max: 1 })
    onStandby.on('error', () => {})
    stops.push(() => onStandby.end())
    const s3 = await startS3()
    stops.push(() => s3.stop())
    const purges: Machines['purges'] = []
    const cdnPort = await startPurgeRecorder(purges, stops)
    const realtimePort = await freePort()
    const realtime = await startRealtimeRole(realtimeApp, realtimePort)
    stops.push(() => stopChild(realtime.proc))

    const env = {
      DATABASE_URL: postgres.url('belong'),
      DATABASE_READ_REPLICAS: standby.postgres.url('belong'),
      // A paused replica stays in use: the test shows its lag never reaches a page.
      REPLICA_MAX_LAG_MS: '600000',
      PUBLIC_URL: PUBLIC,
      SITE_REGEN_DELAY_MS: '100',
      CDN_PURGE_URL: `http://127.0.0.1:${cdnPort}/purge`,
      CDN_PURGE_TOKEN: CDN_TOKEN,
      CDN_PURGE_DELAY_MS: '200',
      ...realtimeEnv(realtimePort),
      TRUST_PROXY: 'true',
      ...s3.env,
    }
    const sites: Site[] = []
    for (const dir of dirs) sites.push(await startSite(dir, env))
    // The test may replace a site (a restart): stop the ones running at the end.
    stops.push(async () => {
      for (const site of sites) await site.stop()
    })
    const fronts: { url: string }[] = []
    for (const [i, site] of sites.entries()) {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      const nginx = await startFrontServer(
        [
          `--listen=127.0.0.1:${port}`,
          `--app=127.0.0.1:${site.port}`,
          `--realtime=127.0.0.1:${realtimePort}`,
          `--data-dir=${dirs[i]}`,
        ],
        {
          readyUrl: `${url}/healthz`,
          env: { PUBLIC_URL: PUBLIC, CDN_PURGE_URL: env.CDN_PURGE_URL },
        },
      )
      stops.push(() => nginx.stop())
      fronts.push({ url })
    }
    return { sites, fronts, dirs, env, postgres, standby, onStandby, s3, purges, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function startPurgeRecorder(
  purges: Machines['purges'],
  stops: (() => Promise<unknown>)[],
): Promise<number> {
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const parsed = JSON.parse(body) as { files?: string[] }
      purges.push({ files: parsed.files ?? ['*'], authorization: req.headers.authorization })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"success":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  stops.push(() => new Promise((resolve) => server.close(resolve)))
  return (server.address() as { port: number }).port
}

export interface Reply {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A request to one machine under the public name (as a load balancer in front would send it). */
export function call(
  site: { url: string },
  method: string,
  route: string,
  headers: Record<string, string> = {},
  body?: unknown,
) {
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(
      `${site.url}${route}`,
      {
        method,
        headers: {
          host: new URL(PUBLIC).host,
          origin: PUBLIC,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
      },
    )
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

/** `reply` when it has `status`; otherwise an error that shows what came instead. */
function expectStatus(reply: Reply, status: number, what: string): Reply {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${reply.body}`)
  return reply
}

/** The sign-up form's signed issue time, asked of the machine under the public name. */
const signUpForm = (site: Site) =>
  signUpFormOf(site.url, async () => {
    const reply = expectStatus(await call(site, 'GET', '/api/users/sign-up-form'), 200, 'form')
    return JSON.parse(reply.body) as Record<string, unknown>
  })

/** A new member signed in on `site`, with the headers that act as them. */
export async function newMember(site: Site) {
  const userName = `machine${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const email = `${userName}@machines.test`
  const password = 'machines-member-password'
  expectStatus(
    await call(
      site,
      'POST',
      '/api/users',
      {},
      { email, password, userName, ...(await signUpForm(site)) },
    ),
    201,
    'sign-up',
  )
  const login = await call(site, 'POST', '/api/users/login', {}, { email, password })
  const { token } = JSON.parse(expectStatus(login, 200, 'login').body) as { token: string }
  return { authorization: `JWT ${token}` }
}

export async function newNeighbourhood(site: Site, auth: Record<string, string>) {
  const slug = `machines-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  const created = await call(site, 'POST', '/api/neighbourhoods/new', auth, {
    name: `Machines ${slug.slice(-5)}`,
    slug,
    tagline: 'Two disks, one site',
    vibes: ['Calm'],
  })
  const { doc } = JSON.parse(expectStatus(created, 201, 'neighbourhood').body) as {
    doc: { id: number }
  }
  return { id: doc.id, slug }
}

/** Posts a review on `site`; resolves with the time it was acknowledged. */
export async function review(
  site: Site,
  auth: Record<string, string>,
  neighbourhood: number,
  comment: string,
): Promise<number> {
  const posted = await call(site, 'POST', '/api/reviews/new', auth, {
    neighbourhood,
    rating: 4,
    authorName: 'Machines',
    comment,
  })
  expectStatus(posted, 201, 'review')
  return Date.now()
}

/** The page as `site` serves it from its own disk (a static file, not rendered on demand). */
export async function staticPage(site: { url: string }, route: string): Promise<string> {
  const page = await call(site, 'GET', route)
  return page.status === 200 && page.headers['x-belong-render'] === 'static' ? page.body : ''
}
