import path from 'node:path'

import { createLocalReq, type Payload } from 'payload'

import { env } from '@/server/config/env'
import { ChangeListener } from '@/server/database/changes'
import { pgPool } from '@/server/database/db'
import { readFromPrimary } from '@/server/database/replicas'
import { API_CHANGES_CHANNEL } from '@/server/http/apiChanges'
import { apiReadCache } from '@/server/http/readCache'
import { forgetScriptHashes } from '@/server/http/security'
import { countPagesWritten } from '@/server/observability/metrics'
import type { CdnPurger } from '@/server/services/cdnPurge'
import type { PageBackfill } from '@/server/site/backfill'
import { loadAstroHandler, PageRenderer } from '@/server/site/pageRenderer'
import { PageSync, type PageBucket } from '@/server/site/pageSync'
import { PRERENDER_PATHS_URL } from '@/server/site/prerender'
import { buildKey, type SiteBuilds } from '@/server/site/siteBuilds'
import { PAGES_WRITTEN_CHANNEL, PageRegenerator, type PagesWritten } from '@/server/site/siteRegen'
import { STALE_PAGES_CHANNEL, type TimeBoundaries } from '@/server/site/siteRevision'
import { forgetStaticSite, staticSiteFor } from '@/server/site/staticSite'

/** How often pages whose regeneration failed are tried again. */
const REGENERATION_RETRY_MS = 30_000

interface RegenerationOptions {
  payload: Payload
  builds: SiteBuilds
  backfill: PageBackfill
  bucket: PageBucket | undefined
  cdn: CdnPurger | undefined
  /** The public name pages render with (never a request's Host). */
  publicHost: string
  /** Development: pages come from astro dev, so nothing is listened for or rewritten. */
  dev: boolean
  /** What the static pages show that changes with time alone (the collections say, through the config). */
  timeBoundaries: TimeBoundaries
  log: (line: string) => void
}

/** The parts of the regeneration, for the stop (./stop.ts) to end in order. */
export interface Regeneration {
  regenerator: PageRegenerator
  pageSync: PageSync | undefined
  changes: ChangeListener
  /** The safety pass and the sweeps. */
  timers: NodeJS.Timeout[]
  /** One renderer per build folder, started on first use. */
  renderers: Map<string, Promise<PageRenderer>>
}

/**
 * Incremental regeneration (src/server/site/siteRegen.ts), shared by every instance through
 * PostgreSQL: writes queue their pages, one instance rewrites them, all re-read the files (and,
 * with a bucket, fetch other machines' pages).
 */
export async function startRegeneration(options: RegenerationOptions): Promise<Regeneration> {
  const { payload, builds, backfill, bucket, cdn, publicHost, timeBoundaries, log } = options
  const renderers = new Map<string, Promise<PageRenderer>>()
  const rendererFor = (dir: string) => {
    let renderer = renderers.get(dir)
    if (!renderer) {
      renderer = loadAstroHandler(dir).then((h) => PageRenderer.start(h, publicHost))
      renderers.set(dir, renderer)
    }
    return renderer
  }
  const servedPages = () => {
    const served = builds.served
    return (
      served && { dir: served.dir, key: buildKey(served), baseRevision: served.baseRevision ?? 0 }
    )
  }
  const pageSync =
    bucket &&
    new PageSync({
      pool: pgPool(payload),
      bucket,
      served: servedPages,
      refresh: (dir, paths) => staticSiteFor(dir).refresh(paths),
      log,
    })
  const regenerator = new PageRegenerator({
    backfill,
    pool: pgPool(payload),
    folder: builds.folderId,
    publishing: pageSync && {
      bucket: bucket!,
      sync: pageSync,
      servedKey: () => servedPages()!.key,
    },
    written: cdn && ((paths) => cdn.purge(paths)),
    servedDir: () => builds.served?.dir,
    rendererFor,
    delayMs: env.siteRegenDelayMs,
    log,
    pagesWritten: countPagesWritten,
    sweep: {
      intervalMs: env.siteSweepIntervalMs,
      pagesBetween: async (from, to) => {
        // Like the renders that follow, it reads the primary (a replica may not have caught up).
        const req = await createLocalReq({}, payload)
        const found = await readFromPrimary(() => timeBoundaries(req, from, to))
        const dir = builds.served?.dir
        if (!found.everyPage || !dir) return found.paths
        // Every page: the build's own list of them, as a full prerender asks for it.
        const listing = await (await rendererFor(dir)).render(PRERENDER_PATHS_URL)
        if (listing.status !== 200) throw new Error(`listing pages answered ${listing.status}`)
        return (JSON.parse(listing.html) as { paths: string[] }).paths
      },
    },
  })
  const changes = new ChangeListener(process.env.DATABASE_URL!, log)
  const timers: NodeJS.Timeout[] = []
  if (!options.dev) {
    changes.on(STALE_PAGES_CHANNEL, () => regenerator.wake())
    // Cached public reads (src/server/http/readCache.ts): dropped by collection, all on 'resync'.
    changes.on(API_CHANGES_CHANNEL, (slug) => apiReadCache().invalidate(slug))
    changes.on(PAGES_WRITTEN_CHANNEL, (message) => {
      const served = builds.served
      if (!served) return
      // Notices missed while disconnected: re-read the whole folder, and ask what changed.
      if (message === 'resync') {
        forgetStaticSite(served.dir)
        void pageSync?.catchUp().catch((e: unknown) => log(`site: catch-up failed: ${String(e)}`))
        return
      }
      const written = JSON.parse(message) as PagesWritten
      const pages = written.paths.map((p, i) => {
        const [revision, gone] = written.revisions?.[i] ?? [0, false]
        return { path: p, revision, gone }
      })
      // Another machine's files: fetch the newer ones from the bucket. (Without a bucket every
      // instance shares one folder, even if it names it differently, e.g. from a container.)
      if (pageSync && written.folder !== builds.folderId) {
        if (written.key) pageSync.receive(written.key, pages)
        return
      }
      if (path.basename(served.dir) !== written.build) builds.reload()
      if (builds.served && path.basename(builds.served.dir) === written.build) {
        if (written.scripts) forgetScriptHashes(path.join(builds.served.dir, 'client'))
        staticSiteFor(builds.served.dir).refresh(written.paths)
        if (written.key) pageSync?.noteWritten(pages)
      }
    })
    await changes.start()
    apiReadCache().enable(env.apiCacheBytes)
    regenerator.wake()
    const catchUp = () =>
      pageSync?.catchUp().catch((e: unknown) => log(`site: catch-up failed: ${String(e)}`))
    void catchUp()
    // Belt and braces: a page whose render failed is tried again, a fetch that failed too.
    const safetyPass = setInterval(() => {
      regenerator.wake()
      void catchUp()
    }, REGENERATION_RETRY_MS).unref()
    // Pages that change with the clock alone (the first sweep runs with the wake above).
    const sweeps = setInterval(() => regenerator.sweepSoon(), env.siteSweepIntervalMs).unref()
    timers.push(safetyPass, sweeps)
  }
  return { regenerator, pageSync, changes, timers, renderers }
}
