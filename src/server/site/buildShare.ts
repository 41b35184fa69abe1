import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import type { Pool } from 'pg'

import { forgetOldBuilds, markBuildShared, sharedBuildBase } from './pageRevisions'
import type { PageBucket } from './pageSync'
import { buildKey, type SiteBuild, type SiteBuilds } from './siteBuilds'

const run = promisify(execFile)

/**
 * A full build is made once: the first machine to build (or to serve a build the bucket lacks)
 * packs its `client/` and `server/` folders into one archive in the bucket, and every other
 * machine with the same sources and public origin downloads it instead of building and
 * prerendering again. The pages published since its prerender are then fetched one by one
 * (src/server/site/pageSync.ts).
 */
export async function shareBuild(bucket: PageBucket, pool: Pool, build: SiteBuild): Promise<void> {
  const key = buildKey(build)
  if ((await sharedBuildBase(pool, key)) !== undefined) return
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-build-'))
  try {
    const archive = path.join(scratch, 'build.tar.gz')
    await run('tar', ['-czf', archive, '-C', build.dir, 'client', 'server'])
    await bucket.putArchive(key, archive)
    await markBuildShared(pool, key, build.baseRevision ?? 0)
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }
  // The releases before the last two: no machine serves them any more.
  for (const old of await forgetOldBuilds(pool, KEPT_BUILDS)) await bucket.removeBuild(old)
}

/** This release and the one before it (machines still on it during a rolling deploy). */
export const KEPT_BUILDS = 2

/** Serves the bucket's build of these sources; false when it has none. */
export async function downloadBuild(
  bucket: PageBucket,
  pool: Pool,
  builds: SiteBuilds,
): Promise<boolean> {
  const key = builds.wantedKey
  const base = await sharedBuildBase(pool, key)
  if (base === undefined) return false
  await builds.adopt(async (dir) => {
    fs.mkdirSync(dir, { recursive: true })
    const archive = path.join(dir, 'build.tar.gz')
    if (!(await bucket.getArchive(key, archive)))
      throw new Error(`build ${key} is not in the bucket`)
    await run('tar', ['-xzf', archive, '-C', dir])
    fs.rmSync(archive)
  }, base)
  return true
}
