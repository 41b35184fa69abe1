import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import type { Payload } from 'payload'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'

import { pgPool } from '@/server/database/db'
import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { ReplicaHealth } from '@/server/database/replicaHealth'
import { readFromPrimary, readRoutingOf } from '@/server/database/replicas'
import {
  addStandby,
  currentLsn,
  pauseReplay,
  resumeReplay,
  STREAMING_SETTINGS,
  waitReplayed,
  type Standby,
} from '@tests/support/standby'
import { placeFields, QUIET } from './harness'

/**
 * Payload with a read replica (src/server/database/replicas.ts): the Local API reads the
 * replica, `readFromPrimary` the primary; a replica that falls behind or stops is left out, and
 * its lost connections do not end the process. The primary and its standby are this file's own:
 * the run's shared cluster holds every file's database (too much to copy) and commits with
 * synchronous_commit off, which delays streaming by up to 200 ms.
 */

const SETTINGS = {
  fsync: 'off',
  full_page_writes: 'off',
  synchronous_commit: 'on',
  ...STREAMING_SETTINGS,
}

let root = ''
let primary: RunningPostgres | undefined
let standby: Standby | undefined
let payload: Payload | undefined
/** Straight to each server, beside Payload's pools. */
let onPrimary: pg.Pool | undefined
let onStandby: pg.Pool | undefined
let placeId = 0

const tagline = async () =>
  (await payload!.findByID({ collection: 'neighbourhoods', id: placeId, depth: 0 })).tagline

/** A write Payload does not know of: a Local API write would send its reads to the primary for 2 s. */
const setTagline = (text: string) =>
  onPrimary!.query('UPDATE neighbourhoods SET tagline = $1 WHERE id = $2', [text, placeId])

const POLL = { timeout: 10_000, interval: 20 }

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-replicas-'))
  fs.chmodSync(root, 0o755) // as root, postgres runs as nobody, which must get through
  primary = await startEmbeddedPostgres({
    dir: path.join(root, 'primary'),
    databases: ['belong'],
    settings: SETTINGS,
  })
  standby = await addStandby(primary, path.join(root, 'standby'), 'read_routing', SETTINGS)
  onPrimary = new pg.Pool({ connectionString: primary.url('belong'), max: 2 })
  onStandby = new pg.Pool({ connectionString: standby.postgres.url('belong'), max: 2 })
  // Its connections break when the standby stops (the last test).
  onStandby.on('error', () => {})

  fs.mkdirSync(path.join(root, 'data'))
  Object.assign(process.env, {
    DATABASE_URL: primary.url('belong'),
    DATABASE_READ_REPLICAS: standby.postgres.url('belong'),
    // The paused replica stays in use while the first test looks (the lag check has its own test).
    REPLICA_MAX_LAG_MS: '30000',
    DATA_DIR: path.join(root, 'data'),
    PAYLOAD_SECRET: 'integration-test-secret',
    LOG_LEVEL: 'warn',
  })
  const { getPayload } = await import('payload')
  const { default: config } = await import('@payload-config')
  const { migrations } = await import('@migrations')
  const started = await getPayload({ config })
  payload = started
  await readFromPrimary(() => started.db.migrate({ migrations: migrations as never }))
  const place = await started.create({
    collection: 'neighbourhoods',
    data: placeFields('Replicated', 'first'),
    context: QUIET,
  })
  placeId = place.id
  await waitReplayed(onStandby, await currentLsn(onPrimary))
}, 60_000)

afterAll(async () => {
  if (payload) {
    await payload.db.destroy?.() // stops the replica checks
    // Its connections end with the primary below; that is no error here.
    pgPool(payload).on('error', () => {})
  }
  await onPrimary?.end()
  await onStandby?.end()
  await standby?.remove()
  await primary?.stop()
  if (root) fs.rmSync(root, { recursive: true, force: true })
})

test('with replay paused, the Local API reads the replica and readFromPrimary the primary', async () => {
  await pauseReplay(onStandby!)
  await setTagline('second')

  // Once the replica has passed its first check (and Payload's 2 s after its own write are over).
  await expect.poll(tagline, POLL).toBe('first')
  expect(readRoutingOf(payload!)?.usableReplicas).toBe(1)
  expect(await readFromPrimary(tagline)).toBe('second')
  // The scope follows the work through its awaits, and ends with it.
  expect(
    await readFromPrimary(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return tagline()
    }),
  ).toBe('second')
  expect(await tagline()).toBe('first')

  await resumeReplay(onStandby!)
  await waitReplayed(onStandby!, await currentLsn(onPrimary!))
  expect(await tagline()).toBe('second')
})

test('a replica that falls behind is left out, and read from again once it catches up', async () => {
  const lines: string[] = []
  const health = new ReplicaHealth({
    primary: onPrimary!,
    replicas: [onStandby!],
    maxLagMs: 300,
    intervalMs: 100,
    names: ['standby'],
    log: (line) => lines.push(line),
  })
  health.start()
  try {
    await expect.poll(() => health.isUsable(0), POLL).toBe(true)
    await pauseReplay(onStandby!)
    await setTagline('third')
    await expect.poll(() => health.isUsable(0), POLL).toBe(false)
    expect(lines).toContain('read replica standby left out: more than 300 ms behind the primary')
    await resumeReplay(onStandby!)
    await expect.poll(() => health.isUsable(0), POLL).toBe(true)
    expect(lines).toContain('read replica standby is read from again')
  } finally {
    health.stop()
  }
})

test('a stopped replica is left out: reads go to the primary, and the process lives on', async () => {
  await waitReplayed(onStandby!, await currentLsn(onPrimary!))
  // Idle connections in the replica's pool, which the stop breaks ('error' on the pool: without
  // a listener, an uncaught exception that fails this run).
  await Promise.all(Array.from({ length: 4 }, tagline))
  const warn = vi.spyOn(payload!.logger, 'warn')

  await standby!.postgres.stop()

  await expect.poll(tagline, POLL).toBe('third')
  expect(readRoutingOf(payload!)?.usableReplicas).toBe(0)
  const logged = warn.mock.calls.map((call) => String(call[0]))
  expect(logged.some((line) => line.startsWith('read replica 127.0.0.1:'))).toBe(true)
  warn.mockRestore()
})
