import fs from 'node:fs'
import path from 'node:path'

import type { Pool } from 'pg'

import { removePage, writePageFiles, type PageFiles } from './pageFiles'
import { pageManifest, type PageRevision } from './pageRevisions'
import { eachLimited } from './eachLimited'

/** The object store that carries pages between machines (src/server/services/pageBucket.ts). */
export interface PageBucket {
  put(build: string, revision: number, urlPath: string, files: PageFiles): Promise<void>
  /** Undefined when that revision is gone (replaced meanwhile: a newer one is announced). */
  get(build: string, revision: number, urlPath: string): Promise<PageFiles | undefined>
  remove(build: string, pages: { path: string; revision: number }[]): Promise<void>
  putArchive(build: string, file: string): Promise<void>
  /** Every object of a build (one no machine serves any more). */
  removeBuild(build: string): Promise<void>
  /** False when the bucket has no archive of that build. */
  getArchive(build: string, file: string): Promise<boolean>
}

/** The build this folder serves, as the bucket and the manifest name it. */
export interface ServedPages {
  dir: string
  key: string
  /** Taken before the build's prerender read the database: its pages are at least this new. */
  baseRevision: number
}

const FETCHES_IN_FLIGHT = 8
const SAVE_DELAY_MS = 1000

/**
 * Keeps this machine's copy of the served build's pages at the newest published revision:
 * pages another machine regenerated are fetched from the bucket when announced, and on start
 * or after a lost connection the manifest says which are missing. A page is never replaced by
 * an older revision, and two fetches of one page never interleave. What this folder holds is
 * remembered in `revisions.json` beside the build's `client/` (never served), so a restart
 * fetches only what changed while it was down.
 */
export class PageSync {
  private known: { dir: string; key: string; pages: Map<string, number> } | undefined
  private readonly wanted = new Map<string, PageRevision>()
  private readonly busy = new Set<string>()
  private queue: Promise<void> = Promise.resolve()
  private saveTimer: NodeJS.Timeout | undefined
  private stopped = false

  constructor(
    private readonly options: {
      pool: Pool
      bucket: PageBucket
      served: () => ServedPages | undefined
      /** The pages' files changed on disk (drop them from memory). */
      refresh: (dir: string, paths: string[]) => void
      log: (line: string) => void
    },
  ) {}

  /** The revision of `urlPath` this folder holds. */
  revisionOf(urlPath: string): number {
    const served = this.options.served()
    if (!served) return 0
    return this.pagesOf(served).get(urlPath) ?? served.baseRevision
  }

  /** These pages were written into this folder already (by its regenerator or a neighbour). */
  noteWritten(pages: PageRevision[]): void {
    const served = this.options.served()
    if (!served) return
    const known = this.pagesOf(served)
    for (const page of pages)
      if (page.revision > (known.get(page.path) ?? served.baseRevision))
        known.set(page.path, page.revision)
    this.saveSoon()
  }

  /** Pages published on another machine: fetch the ones newer than ours. */
  receive(key: string, pages: PageRevision[]): void {
    const served = this.options.served()
    if (!served || served.key !== key || this.stopped) return
    const fresh: string[] = []
    for (const page of pages) {
      if (page.revision <= this.revisionOf(page.path)) continue
      if (page.revision <= (this.wanted.get(page.path)?.revision ?? 0)) continue
      this.wanted.set(page.path, page)
      if (!this.busy.has(page.path)) fresh.push(page.path)
    }
    if (!fresh.length) return
    for (const p of fresh) this.busy.add(p)
    // One queue: a burst of announcements is fetched FETCHES_IN_FLIGHT at a time.
    this.queue = this.queue.then(() =>
      eachLimited(fresh, FETCHES_IN_FLIGHT, (urlPath) => this.fetchNewest(served, urlPath)),
    )
  }

  /** Asks the manifest for every page newer than this folder's copy (start, reconnect). */
  async catchUp(): Promise<void> {
    const served = this.options.served()
    if (!served || this.stopped) return
    const pages = await pageManifest(this.options.pool, served.key, served.baseRevision)
    this.receive(served.key, pages)
  }

  /** Resolves when nothing is being fetched (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<void> | undefined
    while (seen !== this.queue) {
      seen = this.queue
      await seen
    }
    this.save()
  }

  stop(): void {
    this.stopped = true
    this.wanted.clear()
  }

  /** Fetches `urlPath` until this folder holds the newest revision announced for it. */
  private async fetchNewest(served: ServedPages, urlPath: string): Promise<void> {
    try {
      for (;;) {
        const page = this.wanted.get(urlPath)
        this.wanted.delete(urlPath)
        if (!page || this.stopped || this.options.served()?.dir !== served.dir) return
        if (page.revision <= this.revisionOf(urlPath)) continue
        const clientDir = path.join(served.dir, 'client')
        if (page.gone) await removePage(clientDir, urlPath)
        else {
          const files = await this.options.bucket.get(served.key, page.revision, urlPath)
          // Replaced meanwhile: its successor is announced (or found by the next catch-up).
          if (!files) continue
          await writePageFiles(clientDir, urlPath, files)
        }
        this.noteWritten([page])
        this.options.refresh(served.dir, [urlPath])
      }
    } catch (error) {
      this.options.log(`site: could not fetch ${urlPath}: ${String(error)}`)
    } finally {
      this.busy.delete(urlPath)
    }
  }

  private pagesOf(served: ServedPages): Map<string, number> {
    if (this.known?.dir === served.dir && this.known.key === served.key) return this.known.pages
    this.save()
    this.known = { dir: served.dir, key: served.key, pages: readRevisions(served) }
    return this.known.pages
  }

  private saveSoon(): void {
    this.saveTimer ??= setTimeout(() => this.save(), SAVE_DELAY_MS).unref()
  }

  /** A lost save only means fetching those pages again. */
  private save(): void {
    clearTimeout(this.saveTimer)
    this.saveTimer = undefined
    const known = this.known
    if (!known) return
    const file = path.join(known.dir, 'revisions.json')
    try {
      const body = JSON.stringify({ key: known.key, pages: Object.fromEntries(known.pages) })
      fs.writeFileSync(`${file}.tmp-${process.pid}`, body)
      fs.renameSync(`${file}.tmp-${process.pid}`, file)
    } catch (error) {
      this.options.log(`site: could not save page revisions: ${String(error)}`)
    }
  }
}

function readRevisions(served: ServedPages): Map<string, number> {
  try {
    const saved = JSON.parse(fs.readFileSync(path.join(served.dir, 'revisions.json'), 'utf8')) as {
      key: string
      pages: Record<string, number>
    }
    if (saved.key === served.key) return new Map(Object.entries(saved.pages))
  } catch {
    // none yet
  }
  return new Map()
}
