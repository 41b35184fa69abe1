import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { env } from '@/server/config/env'
import { pgPool } from '@/server/database/db'
import { downloadBuild, shareBuild } from '@/server/site/buildShare'
import { reserveRevisions, sharedBuildBase } from '@/server/site/pageRevisions'
import type { PageBucket } from '@/server/site/pageSync'
import { prerenderBuild } from '@/server/site/prerender'
import { SiteBuilds } from '@/server/site/siteBuilds'
import { withAdvisoryLock } from './advisoryLock'

const FULL_BUILD_LOCK = 0x6275696c // 'buil'

interface SiteBuildsOptions {
  projectRoot: string
  payload: Payload
  /** The public name pages render with (never a request's Host). */
  publicHost: string
  publicOrigin: string
  /** Several machines: full builds and regenerated pages travel through it. */
  bucket: PageBucket | undefined
  log: (line: string) => void
}

/** The public site's full builds in DATA_DIR, each prerendered as this process's settings say. */
export function createSiteBuilds(options: SiteBuildsOptions): SiteBuilds {
  const { payload, publicHost, bucket, log } = options
  return new SiteBuilds({
    projectRoot: options.projectRoot,
    dataDir: env.dataDir,
    env: process.env,
    prerender: async (dir, inPlace) => {
      // Published pages newer than this are fetched after the build (src/server/site/pageSync.ts).
      const [baseRevision] = env.sitePagesPrefix ? await reserveRevisions(pgPool(payload), 1) : []
      // A large build is served once its first pages are written, and the instance holding the
      // regeneration lock writes the rest behind it (after a --build-only run, the first to
      // start); but not one other machines download whole from the bucket.
      const firstOnly = !inPlace && !bucket
      const { pending } = await prerenderBuild(dir, publicHost, log, { firstOnly })
      return { baseRevision, pending }
    },
    publicOrigin: options.publicOrigin,
    log: (line) => log(line),
  })
}

/**
 * Makes the build to serve when it is missing or out of date. Several instances may start at
 * once: one builds, the others then find its build (on this disk, or in the bucket).
 */
export async function buildSiteOnce(
  builds: SiteBuilds,
  pool: Pool,
  bucket: PageBucket | undefined,
  log: (line: string) => void,
): Promise<void> {
  const buildToShare = async () =>
    bucket !== undefined && (await sharedBuildBase(pool, builds.wantedKey)) === undefined
  if (builds.upToDate && builds.pagesMatchOrigin && !(await buildToShare())) return
  await withAdvisoryLock(pool, FULL_BUILD_LOCK, async () => {
    builds.reload()
    if (!builds.upToDate || !builds.pagesMatchOrigin) await makeBuild(builds, pool, bucket, log)
    if (bucket && builds.served && builds.upToDate)
      await shareBuild(bucket, pool, builds.served).catch((error: unknown) =>
        log(`site: could not put the build in the bucket: ${String(error)}`),
      )
  })
}

/** Downloads the build from the bucket when it is there, else builds it here. */
async function makeBuild(
  builds: SiteBuilds,
  pool: Pool,
  bucket: PageBucket | undefined,
  log: (line: string) => void,
) {
  const downloaded =
    bucket &&
    (await downloadBuild(bucket, pool, builds).catch((error: unknown) => {
      log(`site: could not download the build, building it here: ${String(error)}`)
      return false
    }))
  if (downloaded) return
  if (builds.upToDate) return builds.rewritePagesForOrigin()
  const { rows } = await pool.query<{ t: string }>('SELECT clock_timestamp()::text AS t')
  await builds.buildNow(true)
  // Pages marked before this build read the database are in it already (but not in other
  // machines' copies, when pages travel through the bucket).
  if (!bucket) await pool.query('DELETE FROM site_stale_pages WHERE since < $1', [rows[0]!.t])
}
