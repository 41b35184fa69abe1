import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'

import { notePlanned } from '@/server/observability/requestLog'
import { hashSources } from '@/server/site/sourceHash'
import type { AdminHandler } from '@/server/site/site'

/** The Payload admin is a Next app in cms/, built once per source change and run in-process. */
export const ADMIN_SOURCES = [
  'cms',
  'collections',
  'payload.config.ts',
  'package-lock.json',
  'tsconfig.json',
  // What the collections import.
  'src/server',
  'src/rules',
  'src/schemas',
  'src/views',
]

export function adminBuildNeeded(projectRoot: string): boolean {
  const stamp = path.join(projectRoot, 'cms', '.next', 'belong-source-hash')
  const current = hashSources(projectRoot, ADMIN_SOURCES)
  return !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== current
}

/** A build step silent this long is stuck (Next prints each phase; a compile here takes 20 s). */
const STALLED_AFTER_MS = 180_000

class Stalled extends Error {}

/**
 * Builds the admin (import map, then `next build`). Every line the build prints goes to
 * `printLine` as it comes: a build that stalls in the background shows where in the log. A step
 * that prints nothing for three minutes is stopped and the build starts again, once, without
 * that limit (a very slow machine still gets there).
 */
export function buildAdmin(
  projectRoot: string,
  env: NodeJS.ProcessEnv,
  printLine: (line: string) => void,
  signal?: AbortSignal,
  stalledAfterMs = STALLED_AFTER_MS,
) {
  const hash = hashSources(projectRoot, ADMIN_SOURCES)
  const nextBin = path.join(projectRoot, 'node_modules', 'next', 'dist', 'bin', 'next')
  const payloadBin = path.join(projectRoot, 'node_modules', 'payload', 'bin.js')
  const childEnv: NodeJS.ProcessEnv = {
    ...env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PAYLOAD_CONFIG_PATH: 'payload.config.ts',
  }
  const steps = async (stalledAfterMs: number) => {
    const run = (step: string, args: string[]) =>
      buildStep(step, args, { cwd: projectRoot, env: childEnv, printLine, stalledAfterMs, signal })
    await run('import map', [payloadBin, 'generate:importmap'])
    await run('next build', [nextBin, 'build', 'cms'])
  }
  return (async () => {
    try {
      await steps(stalledAfterMs)
    } catch (error) {
      if (!(error instanceof Stalled)) throw error
      printLine(`${error.message}: stopped, building again`)
      await steps(Infinity)
    }
    fs.writeFileSync(path.join(projectRoot, 'cms', '.next', 'belong-source-hash'), hash)
  })()
}

/**
 * One step of the build as a process group (Next starts workers of its own): all of it is
 * stopped when the server stops or the step stalls.
 */
function buildStep(
  step: string,
  args: string[],
  options: {
    cwd: string
    env: NodeJS.ProcessEnv
    printLine: (line: string) => void
    stalledAfterMs: number
    signal?: AbortSignal
  },
) {
  const { printLine, signal } = options
  return new Promise<void>((resolve, reject) => {
    signal?.throwIfAborted()
    const started = Date.now()
    let heard = started
    printLine(`${step}…`)
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const stop = (why: Error) => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
      reject(why)
    }
    const onAbort = () =>
      stop(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'))
    signal?.addEventListener('abort', onAbort, { once: true })
    const watch =
      options.stalledAfterMs === Infinity
        ? undefined
        : setInterval(
            () => {
              if (Date.now() - heard < options.stalledAfterMs) return
              const silent = Math.round((Date.now() - heard) / 1000)
              stop(new Stalled(`${step} printed nothing for ${silent} s`))
            },
            Math.min(5_000, options.stalledAfterMs / 4),
          ).unref()
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        heard = Date.now()
        if (line.trim()) printLine(`  ${line}`)
      })
    }
    const settled = () => {
      clearInterval(watch)
      signal?.removeEventListener('abort', onAbort)
    }
    // A step that could not start at all has no exit to wait for.
    child.on('error', (error) => (settled(), reject(error)))
    child.on('exit', (code) => {
      settled()
      if (code !== 0) return reject(new Error(`${step} failed (exit ${code})`))
      printLine(`${step}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      resolve()
    })
  })
}

/**
 * The admin as the site calls it from the start: until its build and Next's start are done (the
 * first build takes a minute or more), its pages answer that it is being prepared and refresh
 * themselves, so the public site is served without waiting for the editors' screen.
 */
export function lateAdmin(
  start: () => Promise<AdminHandler>,
  log: (line: string) => void,
): AdminHandler {
  let handler: AdminHandler | undefined
  let failed = false
  const started = Date.now()
  start().then(
    (h) => {
      handler = h
      log(`admin: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    },
    (error: unknown) => {
      failed = true
      log(`admin: could not start: ${error instanceof Error ? error.message : String(error)}`)
    },
  )
  return async (req, res) => {
    if (handler) return handler(req, res)
    // Being prepared is expected (a first start); an admin that could not start is a failure.
    if (!failed) notePlanned(res, 'admin preparing')
    res.writeHead(503, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': '10',
    })
    res.end(preparingPage(failed))
  }
}

function preparingPage(failed: boolean): string {
  const text = failed
    ? 'The admin could not be started. The server’s log says why.'
    : 'The admin is being prepared (a first start builds it, about 90 seconds). This page reloads by itself.'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${failed ? '' : '<meta http-equiv="refresh" content="10">'}<title>Admin · Belong</title><style>body{font:1rem/1.5 system-ui,sans-serif;margin:3rem auto;max-width:34rem;padding:0 1rem;color:#1c1b1f;background:#fff}@media (prefers-color-scheme:dark){body{color:#eee;background:#161618}}a{color:inherit}</style></head><body><h1>Admin</h1><p>${text}</p><p><a href="/">Go to the site</a></p></body></html>`
}

export async function startAdmin(projectRoot: string, dev = false): Promise<AdminHandler> {
  const { default: next } = await import('next')
  const app = next({ dev, dir: path.join(projectRoot, 'cms'), quiet: !dev })
  await app.prepare()
  const handle = app.getRequestHandler()
  return (req, res) => handle(req, res)
}
