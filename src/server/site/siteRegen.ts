import path from 'node:path'

import type { Pool, PoolClient } from 'pg'

import { addScriptHashes } from '@/server/http/security'
import type { PageBackfill } from './backfill'
import type { PageRenderer } from './pageRenderer'
import { compressPage, removePage, writePageFiles, type PageFiles } from './pageFiles'
import { publishPages, reserveRevisions, type PageRevision } from './pageRevisions'
import type { PageBucket, PageSync } from './pageSync'
import { eachLimited } from './eachLimited'

/** Instances LISTEN here: these page files were rewritten (drop them from memory). */
export const PAGES_WRITTEN_CHANNEL = 'belong_pages_written'
/** Only one instance regenerates at a time (pg_try_advisory_lock); any number may serve. */
const REGENERATION_LOCK = 0x62656c6f // 'belo'
const BATCH = 32
/** Below PostgreSQL's 8,000-byte NOTIFY payload, with room for a long path's escaping. */
const NOTIFY_BYTES = 6000

/** What a regeneration pass wrote, announced to every instance (chunked under NOTIFY's limit). */
export interface PagesWritten {
  /** The build folder's name and the data folder's id: together, "these files on this disk". */
  build: string
  folder: string
  paths: string[]
  /** With pages through the bucket: the build's key and each path's [revision, gone]. */
  key?: string
  revisions?: [number, boolean][]
  /** The pages brought inline-script hashes the build had not listed: read its list again. */
  scripts?: true
}

/** Renders one path: its files, or null when it now answers 4xx; throws when the render failed. */
export async function renderPageFiles(
  renderer: PageRenderer,
  urlPath: string,
  elsewhere = false,
): Promise<PageFiles | null> {
  const page = await renderer.render(urlPath, elsewhere)
  if (page.status === 200) return compressPage(page.html)
  if (page.status < 500) return null
  throw new Error(`rendering ${urlPath} answered ${page.status}`)
}

/** Writes a rendered page into a build's client folder, or removes it (null). */
async function placePage(clientDir: string, urlPath: string, files: PageFiles | null) {
  if (files) await writePageFiles(clientDir, urlPath, files)
  else await removePage(clientDir, urlPath)
}

/**
 * Machines that share pages through the object store: each rendered page is uploaded under a
 * fresh revision and published in site_pages before it is announced (src/server/site/pageSync.ts).
 */
export interface PagePublishing {
  bucket: PageBucket
  sync: PageSync
  /**
   * The served build's key (the same on every machine serving the same release), read in the
   * same tick as servedDir() so the two name one build.
   */
  servedKey: () => string
}

interface StaleRow {
  path: string
  since: string
}

interface RenderedPage {
  row: StaleRow
  files: PageFiles | null
  revision: number
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
  /** This data folder's id (src/server/site/siteBuilds.ts): instances sharing it share files. */
  folder: string
  /** Set when pages travel between machines through the object store. */
  publishing?: PagePublishing
  /** After each pass: these pages changed (a CDN in front purges them). */
  written?: (paths: string[]) => void
  /** Pages rewritten, each this many seconds after the write that marked it (the metrics). */
  pagesWritten?: (delaysSeconds: number[]) => void
  /** The pages a build was served without, written when no write's page waits. */
  backfill?: PageBackfill
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
          const publishing = this.options.publishing
          const key = publishing?.servedKey() ?? ''
          const renderer = await this.options.rendererFor(dir)
          const { rows: stale } = await client.query<{ path: string; since: string }>(
            `SELECT path, since::text AS since FROM site_stale_pages
              WHERE NOT (path = ANY($1::text[])) ORDER BY since LIMIT ${BATCH}`,
            [failed],
          )
          if (!stale.length) {
            if (await this.backfillBatch(client, dir, renderer)) continue
            break
          }
          const revisions = publishing ? await reserveRevisions(client, stale.length) : []
          const rendered: RenderedPage[] = []
          await eachLimited(
            stale.map((row, i) => ({ row, revision: revisions[i] ?? 0 })),
            2,
            async ({ row, revision }) => {
              try {
                const files = await renderPageFiles(renderer, row.path)
                if (publishing && files) await publishing.bucket.put(key, revision, row.path, files)
                rendered.push({ row, files, revision })
              } catch (error) {
                failed.push(row.path)
                this.options.log(`site: could not regenerate ${row.path}: ${String(error)}`)
              }
            },
          )
          // The served build changed underneath: do these again in the new one (and drop the
          // uploads made for the old one, which nothing will read).
          if (this.options.servedDir() !== dir) {
            if (publishing)
              await this.dropUploads(
                publishing,
                key,
                rendered
                  .filter((page) => page.files)
                  .map((page) => ({ path: page.row.path, revision: page.revision })),
              )
            continue
          }
          if (publishing) await this.publish(client, dir, key, rendered, publishing)
          else await this.writeLocally(client, dir, rendered)
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

  /** One folder serves every instance: write the pages, then tell the others to re-read them. */
  private async writeLocally(client: PoolClient, dir: string, rendered: RenderedPage[]) {
    const clientDir = path.join(dir, 'client')
    const scripts = addScriptHashes(clientDir, htmlOf(rendered.map((page) => page.files)))
    for (const page of rendered) await placePage(clientDir, page.row.path, page.files)
    this.options.pagesWritten?.(await forgetStaleRows(client, rendered))
    await this.announce(
      client,
      dir,
      rendered.map((page) => page.row.path),
      { scripts },
    )
  }

  /**
   * One batch of the pages the served build is still without (none when a write's page waits:
   * the caller drains those first). A page that fails is queued as stale, where the regenerator
   * tries it again and the stale-pages figures show it. False when none is left.
   */
  private async backfillBatch(client: PoolClient, dir: string, listing: PageRenderer) {
    const backfill = this.options.backfill
    const batch = backfill && (await backfill.next(dir, async () => listing))
    if (!batch) return false
    const clientDir = path.join(dir, 'client')
    const written: string[] = []
    const failed: string[] = []
    let scripts = false
    // Each page written as soon as it is rendered (its hashes first), announced with the batch.
    await eachLimited(batch.paths, batch.renderer.widthElsewhere, async (urlPath) => {
      try {
        const files = await renderPageFiles(batch.renderer, urlPath, true)
        if (this.options.servedDir() !== dir) return
        if (addScriptHashes(clientDir, htmlOf([files]))) scripts = true
        await placePage(clientDir, urlPath, files)
        written.push(urlPath)
      } catch (error) {
        failed.push(urlPath)
        this.options.log(`site: could not write ${urlPath}: ${String(error)}`)
      }
    })
    if (failed.length)
      await client.query(
        `INSERT INTO site_stale_pages (path, since) SELECT unnest($1::text[]), clock_timestamp()
         ON CONFLICT (path) DO NOTHING`,
        [failed],
      )
    // The served build changed meanwhile: the loop starts over with the new one.
    if (this.options.servedDir() !== dir) return true
    await this.announce(client, dir, written, { scripts })
    backfill.written(written.length)
    return true
  }

  /**
   * Publishes the batch in one transaction: only pages newer than the manifest's take effect
   * (their rows stay locked until commit), are written here, and are announced on commit.
   */
  private async publish(
    client: PoolClient,
    dir: string,
    key: string,
    rendered: RenderedPage[],
    publishing: PagePublishing,
  ) {
    const clientDir = path.join(dir, 'client')
    const pages: PageRevision[] = rendered.map((page) => ({
      path: page.row.path,
      revision: page.revision,
      gone: !page.files,
    }))
    let outcome: Awaited<ReturnType<typeof publishPages>>
    await client.query('BEGIN')
    try {
      outcome = await publishPages(client, key, pages)
      const taken = new Set(outcome.published.map((page) => page.path))
      for (const page of rendered)
        if (taken.has(page.row.path)) await placePage(clientDir, page.row.path, page.files)
      const delays = await forgetStaleRows(client, rendered)
      await this.announce(
        client,
        dir,
        outcome.published.map((page) => page.path),
        { key, pages: outcome.published },
      )
      await client.query('COMMIT')
      this.options.pagesWritten?.(delays)
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      throw error
    }
    publishing.sync.noteWritten(outcome.published)
    // Superseded uploads: the revisions replaced, and ours that lost to a newer one.
    const taken = new Set(outcome.published.map((page) => `${page.path} ${page.revision}`))
    const unused = [
      ...outcome.replaced,
      ...pages.filter((page) => !taken.has(`${page.path} ${page.revision}`)),
    ].filter((page) => !page.gone)
    await this.dropUploads(publishing, key, unused)
    if (outcome.published.length) this.options.written?.(outcome.published.map((p) => p.path))
  }

  /** Uploads nothing will read; a failed clean-up is only logged (the build's own goes later). */
  private async dropUploads(
    publishing: PagePublishing,
    key: string,
    pages: { path: string; revision: number }[],
  ) {
    if (!pages.length) return
    await publishing.bucket
      .remove(key, pages)
      .catch((error: unknown) => this.options.log(`site: bucket clean-up: ${String(error)}`))
  }

  /** NOTIFY carries at most 8,000 bytes: announce in chunks well under it. */
  private async announce(
    client: PoolClient,
    dir: string,
    paths: string[],
    { key, pages, scripts }: { key?: string; pages?: PageRevision[]; scripts?: boolean } = {},
  ) {
    const base = {
      build: path.basename(dir),
      folder: this.options.folder,
      key,
      ...(scripts ? { scripts: true as const } : {}),
    }
    let chunk: PagesWritten = { ...base, paths: [], revisions: pages && [] }
    const send = async () => {
      if (chunk.paths.length)
        await client.query('SELECT pg_notify($1, $2)', [
          PAGES_WRITTEN_CHANNEL,
          JSON.stringify(chunk),
        ])
      chunk = { ...base, paths: [], revisions: pages && [] }
    }
    for (const [i, urlPath] of paths.entries()) {
      if (JSON.stringify(chunk).length + urlPath.length > NOTIFY_BYTES) await send()
      chunk.paths.push(urlPath)
      const page = pages?.[i]
      if (page) chunk.revisions!.push([page.revision, page.gone])
    }
    await send()
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

/**
 * Done: unless a write marked the page again meanwhile (its `since` changed). Answers how long
 * each page forgotten waited since its write, by the database's clock.
 */
async function forgetStaleRows(client: PoolClient, rendered: RenderedPage[]): Promise<number[]> {
  const { rows } = await client.query<{ waited: number }>(
    `DELETE FROM site_stale_pages p
      USING unnest($1::text[], $2::timestamptz[]) AS d(path, since)
      WHERE p.path = d.path AND p.since = d.since
      RETURNING EXTRACT(EPOCH FROM clock_timestamp() - p.since)::float8 AS waited`,
    [rendered.map((page) => page.row.path), rendered.map((page) => page.row.since)],
  )
  return rows.map((row) => row.waited)
}

const htmlOf = (pages: (PageFiles | null)[]) =>
  pages.flatMap((files) => (files ? [files.html.toString('utf8')] : []))
