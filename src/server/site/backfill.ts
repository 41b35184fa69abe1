import fs from 'node:fs'
import path from 'node:path'

import { env } from '@/server/config/env'
import { pageFile } from './pageFiles'
import { loadAstroHandler, PageRenderer } from './pageRenderer'
import { listPages } from './prerender'

/** Pages taken at once: a write's page waits behind at most one such batch. */
const BATCH = 64
/** The render processes of the pages behind a build yield the CPU to the serving process. */
const BACKFILL_NICE = 10

interface Run {
  dir: string
  renderer: PageRenderer
  /** The build's list, in its order; `next` is where the next batch starts. */
  paths: string[]
  next: number
  total: number
  written: number
  started: number
}

/**
 * The rest of a build served before all its pages were written (src/server/site/prerender.ts),
 * written by the page regenerator (src/server/site/siteRegen.ts) whenever no write's page is
 * waiting, in the build's order (neighbourhoods with the most reviews first, then stories), in
 * render processes at a lower priority. What is left is what has no file: after a restart the
 * list is read again and the pages written meanwhile are skipped, so nothing is left out.
 */
export class PageBackfill {
  private run: Run | undefined

  constructor(
    private readonly options: {
      publicHost: string
      /** The served build's folder while some of its pages are still to write. */
      pending: () => string | undefined
      /** Every page of that build has been written (or queued as stale after failing). */
      done: (dir: string) => void
      log: (line: string) => void
    },
  ) {}

  /**
   * The next pages of the served build that have no file yet, and the renderer for them;
   * undefined when none is left. `listing` renders the build's list of pages.
   */
  async next(
    dir: string,
    listing: () => Promise<PageRenderer>,
  ): Promise<{ paths: string[]; renderer: PageRenderer } | undefined> {
    if (this.options.pending() !== dir) return void (await this.close())
    if (this.run?.dir !== dir) {
      await this.close()
      this.run = await this.begin(dir, await listing())
    }
    const run = this.run
    if (!run) return undefined
    const clientDir = path.join(dir, 'client')
    const paths: string[] = []
    while (paths.length < BATCH && run.next < run.paths.length) {
      const urlPath = run.paths[run.next++]!
      // Written meanwhile: a write's page, regenerated ahead of the rest.
      if (!fs.existsSync(pageFile(clientDir, urlPath))) paths.push(urlPath)
    }
    if (paths.length) return { paths, renderer: run.renderer }
    this.finish(dir, run.total, ` (${run.written} behind the served build in ${seconds(run)} s)`)
    return void (await this.close())
  }

  /** Pages of the current batch written (and announced). */
  written(count: number): void {
    const run = this.run
    if (!run) return
    const before = run.written
    run.written += count
    if (Math.floor(run.written / 1000) > Math.floor(before / 1000))
      this.options.log(`site: ${run.written} more pages written behind the served build`)
  }

  /**
   * Pages of the served build still to write here (answered on demand meanwhile): 0 when none
   * is pending, undefined while another instance writes them.
   */
  left(): number | undefined {
    if (this.run) return this.run.paths.length - this.run.next
    return this.options.pending() === undefined ? 0 : undefined
  }

  /** Lets go of the render processes (done, another build served, shutdown). */
  async close(): Promise<void> {
    const run = this.run
    this.run = undefined
    await run?.renderer.close()
  }

  private async begin(dir: string, listing: PageRenderer): Promise<Run | undefined> {
    const clientDir = path.join(dir, 'client')
    const all = await listPages(listing)
    const paths = all.filter((urlPath) => !fs.existsSync(pageFile(clientDir, urlPath)))
    if (!paths.length) return void this.finish(dir, all.length, '')
    this.options.log(`site: writing the ${paths.length} pages the served build is still without`)
    const renderer = await PageRenderer.start(await loadAstroHandler(dir), this.options.publicHost)
    if (env.renderProcesses > 0)
      await renderer.addProcesses(dir, env.renderProcesses + 1, this.options.log, BACKFILL_NICE)
    return { dir, renderer, paths, next: 0, total: all.length, written: 0, started: Date.now() }
  }

  private finish(dir: string, total: number, how: string): void {
    this.options.done(dir)
    this.options.log(`site: all ${total} pages of the build written${how}`)
  }
}

const seconds = (run: Run) => ((Date.now() - run.started) / 1000).toFixed(1)
