import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface BuiltSite {
  base: string
  dataDir?: string
  child?: ChildProcess
}

/** Collects what `child` writes to stdout and stderr; the answer reads what came so far. */
export function outputOf(child: ChildProcess): () => string {
  let log = ''
  child.stdout?.on('data', (d: Buffer) => (log += d))
  child.stderr?.on('data', (d: Buffer) => (log += d))
  return () => log
}

/** Polls `url` until it answers 2xx; fails early when `child` exits. */
export async function waitFor(url: string, child?: ChildProcess, log: () => string = () => '') {
  for (let i = 0; i < 900; i++) {
    if (child && child.exitCode !== null) throw new Error(`exited:\n${log()}`)
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`not ready: ${url}\n${log()}`)
}

/** The environment of a site a bench starts: production, no admin, on loopback, no limits. */
/** The load average (1, 5, 15 minutes), printed beside every figure a bench takes. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

export const benchSiteEnv = (port: number, dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  ADMIN: 'false',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  // Benchmarks measure speed, not limits (one fresh account writes every round).
  RATE_LIMIT_EXEMPT: '127.0.0.1',
})

/**
 * The built server (`npm start`, ADMIN=false) on a free port and a fresh data folder, for the
 * benchmarks; or the running one named by BASE (and DATA_DIR).
 */
export async function startBuiltSite(): Promise<BuiltSite> {
  if (process.env.BASE) return { base: process.env.BASE, dataDir: process.env.DATA_DIR }
  const port = 4600 + Math.floor(Math.random() * 600)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-bench-'))
  // PostgreSQL runs as nobody when we are root: it must pass through the folder.
  fs.chmodSync(dataDir, 0o755)
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: { ...benchSiteEnv(port, dataDir), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const log = outputOf(child)
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/healthz`, child, log)
  return { base, dataDir, child }
}

/**
 * A data folder with the demo seed and a site build whose pages link to `publicUrl`, made by
 * `npm start -- --build-only` in a fresh temporary folder (copied by the scale benches).
 */
export function seededTemplate(name: string, publicUrl: string): string {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), `belong-bench-${name}-`))
  fs.chmodSync(template, 0o755)
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/start.ts', '--build-only'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ADMIN: 'false',
        DATA_DIR: template,
        DATABASE_URL: '',
        PUBLIC_URL: publicUrl,
      },
    },
  )
  if (built.status !== 0) throw new Error('could not build the seeded data folder')
  return template
}
