import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Pool } from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'

import { pgPool } from '@/server/database/db'
import { createPageBucket } from '@/server/services/pageBucket'
import { KEPT_BUILDS, shareBuild } from '@/server/site/buildShare'
import { compressPage } from '@/server/site/pageFiles'
import { publishPages, reserveRevisions } from '@/server/site/pageRevisions'
import { buildKey, type SiteBuild } from '@/server/site/siteBuilds'
import { startS3, type S3Stand } from '@tests/support/s3'
import { startTestSite, type TestSite } from './harness'

/**
 * Full builds in the bucket (src/server/site/buildShare.ts): each release is packed once, and
 * sharing a new one forgets the releases before the last two, objects and manifest alike.
 */

let site: TestSite
let s3: S3Stand
let pool: Pool
let scratch = ''

beforeAll(async () => {
  site = await startTestSite()
  pool = pgPool(site.payload)
  s3 = await startS3('belong-pages')
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-build-share-'))
})

afterAll(async () => {
  await s3?.stop()
  await site?.close()
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
})

const bucket = () =>
  createPageBucket({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'site/',
  })

/** A release's build folder with one page and its server entry, and one regenerated page. */
async function release(n: number): Promise<SiteBuild> {
  const dir = path.join(scratch, `build-${n}`)
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true })
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'client', 'index.html'), `<html>release ${n}</html>`)
  fs.writeFileSync(path.join(dir, 'server', 'entry.mjs'), 'export {}')
  const [baseRevision] = await reserveRevisions(pool, 1)
  const build: SiteBuild = {
    dir,
    sourceHash: `sources-${n}-${Date.now()}`,
    publicOrigin: 'https://belong.example',
    builtAt: new Date().toISOString(),
    durationMs: 0,
    baseRevision,
  }
  const key = buildKey(build)
  const [revision] = await reserveRevisions(pool, 1)
  await bucket().put(key, revision!, '/about', await compressPage(`<p>about, release ${n}</p>`))
  const client = await pool.connect()
  try {
    await publishPages(client, key, [{ path: '/about', revision: revision!, gone: false }])
  } finally {
    client.release()
  }
  return build
}

const keysOf = async (key: string) => (await s3.keys()).filter((k) => k.startsWith(`site/${key}/`))
const manifestRows = async (key: string) =>
  (await pool.query('SELECT 1 FROM site_pages WHERE build = $1', [key])).rowCount

test('a release is packed into the bucket once, with the revision its pages start from', async () => {
  const build = await release(1)
  const key = buildKey(build)
  await shareBuild(bucket(), pool, build)
  expect(await keysOf(key)).toContain(`site/${key}/build.tar.gz`)
  const { rows } = await pool.query(
    'SELECT base_revision::int AS base FROM site_builds WHERE build = $1',
    [key],
  )
  expect(rows).toEqual([{ base: build.baseRevision }])

  // Shared again (another machine starting on it): nothing is packed or written twice.
  const archive = await s3.object(`site/${key}/build.tar.gz`)
  fs.writeFileSync(path.join(build.dir, 'client', 'index.html'), '<html>changed</html>')
  await shareBuild(bucket(), pool, build)
  expect((await s3.object(`site/${key}/build.tar.gz`)).bytes.equals(archive.bytes)).toBe(true)
})

test(`sharing a new release forgets the ones before the last ${KEPT_BUILDS}, in the bucket and the manifest`, async () => {
  const builds = [await release(2), await release(3), await release(4)]
  for (const build of builds) await shareBuild(bucket(), pool, build)
  const { rows } = await pool.query<{ build: string }>(
    'SELECT build FROM site_builds ORDER BY build',
  )
  const kept = builds.slice(-KEPT_BUILDS).map(buildKey)
  expect(rows.map((row) => row.build)).toEqual([...kept].sort())
  for (const build of builds.slice(0, -KEPT_BUILDS)) {
    expect(await keysOf(buildKey(build))).toEqual([])
    expect(await manifestRows(buildKey(build))).toBe(0)
  }
  for (const key of kept) {
    expect(await keysOf(key)).toContain(`site/${key}/build.tar.gz`)
    expect(await manifestRows(key)).toBe(1)
  }
})
