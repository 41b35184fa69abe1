import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort, startEmbeddedPostgres } from '@/server/database/postgres'
import {
  projectRoot,
  removeDataDir,
  startRealtimeRole,
  startSite,
  stopChild,
  waitFor,
  type Site,
} from '@tests/faults/harness'
import { startS3 } from '@tests/support/s3'

/**
 * A scaled-out Belong on 127.0.0.1: one PostgreSQL (the data folder's cluster, as a managed one
 * would be), a local S3 stand-in, the realtime role (`npm run realtime`), N app instances sharing
 * the database and the site folder, and Debian's nginx in front with the configuration
 * `npm run nginx:config` writes. Used by tests/scale and `npm run bench:scale`.
 */
export interface Cluster {
  front: string
  instances: Site[]
  dataDir: string
  s3: Awaited<ReturnType<typeof startS3>>
  stop: () => Promise<void>
}

export const NGINX = '/usr/sbin/nginx'

export const realtimeApp = {
  id: 'belong',
  key: 'scale-key',
  secret: 'scale-test-secret-'.padEnd(40, 's'),
}

/** What an app instance needs to publish through the realtime role on `port`. */
export function realtimeEnv(port: number): Record<string, string> {
  return {
    PUSHER_APP_ID: realtimeApp.id,
    PUSHER_KEY: realtimeApp.key,
    PUSHER_SECRET: realtimeApp.secret,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(port),
    // Browsers connect to the site's own origin; nginx passes /app/ on.
    PUSHER_SAME_ORIGIN: 'true',
  }
}

export interface FrontServer {
  prefix: string
  conf: string
  proc: ChildProcess
  output: string[]
  stop: () => Promise<void>
}

/**
 * Debian's nginx running the standalone configuration `npm run nginx:config` writes from
 * `flags`, in a fresh prefix folder; waits for `readyUrl` to answer 2xx when given.
 */
export async function startFrontServer(
  flags: string[],
  options: { readyUrl?: string; env?: Record<string, string> } = {},
): Promise<FrontServer> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-nginx-'))
  // nginx's workers (nobody, when started as root) create their temp folders in the prefix.
  fs.chmodSync(prefix, 0o755)
  const conf = path.join(prefix, 'nginx.conf')
  const written = spawnSync(
    'npm',
    ['run', '--silent', 'nginx:config', '--', '--standalone', ...flags, conf],
    {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PUBLIC_URL: '', ...options.env },
    },
  )
  if (written.status !== 0) throw new Error(`npm run nginx:config failed: ${written.stderr}`)
  const output: string[] = []
  const proc = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  proc.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  const stop = async () => {
    await stopChild(proc, 'SIGQUIT')
    fs.rmSync(prefix, { recursive: true, force: true })
  }
  try {
    const readyUrl = options.readyUrl
    if (readyUrl)
      await waitFor(
        () =>
          fetch(readyUrl).then(
            (r) => r.ok,
            () => false,
          ),
        30_000,
        `nginx on ${readyUrl} (${output.join('')})`,
      )
  } catch (error) {
    await stop()
    throw error
  }
  return { prefix, conf, proc, output, stop }
}

/** Starts everything on `dataDir` (a migrated cluster and a site build); stops it all on failure. */
export async function startCluster(
  dataDir: string,
  options: { instances: number; env?: Record<string, string> },
): Promise<Cluster> {
  const stops: (() => Promise<unknown>)[] = []
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => {})
  }
  try {
    const postgres = await startEmbeddedPostgres({ dir: dataDir, databases: ['belong'] })
    stops.push(() => postgres.stop())
    const s3 = await startS3()
    stops.push(() => s3.stop())

    const realtimePort = await freePort()
    const realtime = await startRealtimeRole(realtimeApp, realtimePort)
    stops.push(() => stopChild(realtime.proc))

    const instanceEnv = {
      DATABASE_URL: postgres.url('belong'),
      // Loopback names only (tests talk to each instance directly); nginx passes the Host on.
      PUBLIC_URL: '',
      TRUST_PROXY: 'true',
      ...realtimeEnv(realtimePort),
      SITE_REGEN_DELAY_MS: '100',
      ...s3.env,
      ...options.env,
    }
    // One after the other: the later ones find the first one's build and migrations.
    const instances: Site[] = []
    for (let i = 0; i < options.instances; i++) {
      const site = await startSite(dataDir, instanceEnv)
      instances.push(site)
      stops.push(() => site.stop())
    }

    const nginxPort = await freePort()
    const front = `http://127.0.0.1:${nginxPort}`
    const nginx = await startFrontServer(
      [
        `--listen=127.0.0.1:${nginxPort}`,
        `--app=${instances.map((s) => `127.0.0.1:${s.port}`).join(',')}`,
        `--realtime=127.0.0.1:${realtimePort}`,
        `--data-dir=${dataDir}`,
      ],
      { readyUrl: `${front}/healthz` },
    )
    stops.push(() => nginx.stop())
    stops.unshift(() => removeDataDir(dataDir))
    return { front, instances, dataDir, s3, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
