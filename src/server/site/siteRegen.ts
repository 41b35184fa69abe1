import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import type { Pool, PoolClient } from 'pg'

import type { PageRenderer } from './pageRenderer'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Instances LISTEN here: these page files were rewritten (drop them from memory). */
export const PAGES_WRITTEN_CHANNEL = 'belong_pages_written'
/** Only one instance regenerates at a time (pg_try_advisory_lock); any number may serve. */
const REGENERATION_LOCK = 0x62656c6f // 'belo'
const BATCH = 32

export interface PagesWritten {
  build: string
  paths: string[]
}

/** The file a page path is served from: /a/b → a/b/index.html, / → index.html. */
export function pageFile(clientDir: string, urlPath: string): string {
  const clean = path.posix.normalize(`/${decodeURIComponent(urlPath)}`).replace(/\/+$/, '')
  if (clean.split('/').some((s) => s === '..')) throw new Error(`bad page path ${urlPath}`)
  return path.join(clientDir, clean, 'index.html')
}

let tmpCounter = 0
async function writeAtomically(file: string, body: Buffer): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${++tmpCounter}`
  await fs.promises.writeFile(tmp, body)
  await fs.promises.rename(tmp, file)
}

/**
 * Writes one page's HTML with its compressed forms, each file replaced in one rename (a reader
 * gets the old file or the new one, never half of one). The HTML goes last, so a front server
 * that prefers `.gz` never pairs a new page with an old compressed copy for long. Fast
 * compression levels: a page is rewritten on every change, the 11-level pass is for assets.
 */
export async function writePage(clientDir: string, urlPath: string, html: string): Promise<void> {
  const file = pageFile(clientDir, urlPath)
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  const body = Buffer.from(html)
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip(body, { level: 6 }),
  ])
  await writeAtomically(`${file}.br`, br)
  await writeAtomically(`${file}.gz`, gz)
  await writeAtomically(file, body)
}

/** A page that no longer exists (or moved): without a file, the on-demand route answers. */
export async function removePage(clientDir: string, urlPath: string): Promise<void> {
  const file = pageFile(clientDir, urlPath)
  for (const f of [file, `${file}.br`, `${file}.gz`]) await fs.promises.rm(f, { force: true })
}

/** Renders one path and writes (or removes) its file; throws when the render failed. */
export async function regeneratePage(
  renderer: PageRenderer,
  clientDir: string,
  urlPath: string,
): Promise<void> {
  const page = await renderer.render(urlPath)
  if (page.status === 200) await writePage(clientDir, urlPath, page.html)
  else if (page.status < 500) await removePage(clientDir, urlPath)
  else throw new Error(`rendering ${urlPath} answered ${page.status}`)
}

/** Runs `work` over `items` with at most `width` in flight. */
export async function eachLimited<T>(
  items: T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane))
}

export interface RegeneratorOptions {
  pool: Pool
  /** The served build's folder; undefined while there is none. */
  servedDir: () => string | undefined
  rendererFor: (buildDir: string) => Promise<PageRenderer>
  /** Wait this long after a wake-up, so a burst of writes becomes one pass. */
  delayMs: number
  log: (line: string) => void
  /** Pages that change with the clock alone (see TimeSweep). */
  sweep?: TimeSweep
}

/**
 * Content of the static pages that changes with time and no write (an event passing, a badge
 * expiring): every `intervalMs` the instance holding the regeneration lock asks for the pages
 * whose boundary passed since the last sweep and queues them. The last sweep's time is kept in
 * site_time_sweep, so a restart (or an hour down) misses no boundary.
 */
export interface TimeSweep {
  intervalMs: number
  pagesBetween: (from: Date, to: Date) => Promise<string[]>
}

/**
 * Drains site_stale_pages: renders each waiting path into the served build, then deletes the
 * row only if nobody marked the page again meanwhile (its `since` unchanged), and announces
 * the rewritten files to every instance. Woken by NOTIFY, at start and after reconnecting.
 */
export class PageRegenerator {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = false
  /** Sweep on the next pass (set at start and by sweepSoon). */
  private sweepDue = true

  constructor(private readonly options: RegeneratorOptions) {}

  /** Pages are waiting: regenerate soon (a burst of writes becomes one pass). */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.running = this.drain()
        .catch((error: unknown) => this.options.log(`site: regeneration failed: ${String(error)}`))
        .finally(() => {
          this.running = undefined
          if (this.again) {
            this.again = false
            this.wake()
          }
        })
    }, this.options.delayMs)
  }

  /** Resolves once nothing is scheduled or running here (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.timer || this.running) {
      if (this.running) await this.running
      else await new Promise((r) => setTimeout(r, 20))
    }
  }

  /** Time for the periodic sweep (the caller's timer): done on the next pass holding the lock. */
  sweepSoon(): void {
    this.sweepDue = true
    this.wake()
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }

  private async drain(): Promise<void> {
    const client = await this.options.pool.connect()
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1) AS locked',
        [REGENERATION_LOCK],
      )
      // Another instance is regenerating; it drains until the table is empty.
      if (!rows[0]?.locked) return
      const failed: string[] = []
      try {
        if (this.sweepDue && this.options.sweep && this.options.servedDir()) {
          this.sweepDue = false
          await this.sweep(client, this.options.sweep).catch((error: unknown) =>
            this.options.log(`site: time sweep failed: ${String(error)}`),
          )
        }
        while (!this.stopped) {
          const dir = this.options.servedDir()
          if (!dir) return
          const renderer = await this.options.rendererFor(dir)
          const { rows: stale } = await client.query<{ path: string; since: string }>(
            `SELECT path, since::text AS since FROM site_stale_pages
              WHERE NOT (path = ANY($1::text[])) ORDER BY since LIMIT ${BATCH}`,
            [failed],
          )
          if (!stale.length) break
          const clientDir = path.join(dir, 'client')
          const done: typeof stale = []
          await eachLimited(stale, 2, async (row) => {
            try {
              await regeneratePage(renderer, clientDir, row.path)
              done.push(row)
            } catch (error) {
              failed.push(row.path)
              this.options.log(`site: could not regenerate ${row.path}: ${String(error)}`)
            }
          })
          // The served build changed underneath: do these again in the new one.
          if (this.options.servedDir() !== dir) continue
          await client.query(
            `DELETE FROM site_stale_pages p
              USING unnest($1::text[], $2::timestamptz[]) AS d(path, since)
              WHERE p.path = d.path AND p.since = d.since`,
            [done.map((r) => r.path), done.map((r) => r.since)],
          )
          const written: PagesWritten = {
            build: path.basename(dir),
            paths: done.map((r) => r.path),
          }
          await client.query('SELECT pg_notify($1, $2)', [
            PAGES_WRITTEN_CHANNEL,
            JSON.stringify(written),
          ])
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [REGENERATION_LOCK])
      }
      // A page marked while we held the lock by an instance that could not take it.
      const { rows: left } = await client.query(
        'SELECT 1 FROM site_stale_pages WHERE NOT (path = ANY($1::text[])) LIMIT 1',
        [failed],
      )
      if (left.length) this.again = true
    } finally {
      client.release()
    }
  }

  /** Queues the pages whose time boundary passed in (last sweep, now]; called holding the lock. */
  private async sweep(client: PoolClient, sweep: TimeSweep): Promise<void> {
    const now = new Date()
    const { rows } = await client.query<{ at: Date }>(
      'SELECT swept_at AS at FROM site_time_sweep WHERE id = 1',
    )
    // First sweep of a database: the pages were written at most an interval ago.
    const from = rows[0]?.at ?? new Date(now.getTime() - sweep.intervalMs)
    if (from >= now) return // the clock went back: that span was swept already
    const paths = await sweep.pagesBetween(from, now)
    if (paths.length)
      await client.query(
        `INSERT INTO site_stale_pages (path, since)
           SELECT DISTINCT unnest($1::text[]), clock_timestamp()
         ON CONFLICT (path) DO UPDATE SET since = EXCLUDED.since`,
        [paths.filter((p) => p.startsWith('/'))],
      )
    // Recorded only once the pages are queued: a crash in between sweeps the span again.
    await client.query(
      `INSERT INTO site_time_sweep (id, swept_at) VALUES (1, $1)
       ON CONFLICT (id) DO UPDATE SET swept_at = EXCLUDED.swept_at`,
      [now],
    )
    if (paths.length) this.options.log(`site: ${paths.length} pages changed with time`)
  }
}
