import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { startEmbeddedPostgres, type RunningPostgres } from '@/server/database/postgres'
import { VOLATILE } from '@/server/database/backup'

/**
 * A streaming standby of an embedded primary, made without pg_basebackup (the packaged client
 * refuses PostgreSQL 18): a replication slot, then an online copy of the primary's folder
 * between pg_backup_start and pg_backup_stop, then the same binaries started on the copy in
 * standby mode. About 1.5 s for a small cluster; what bites is in docs/testing.md.
 */

const isRoot = process.getuid?.() === 0

export interface Standby {
  postgres: RunningPostgres
  slot: string
  /** Stops the standby (if it still runs) and drops its slot, which would keep WAL forever. */
  remove: () => Promise<void>
}

/** What the primary needs to stream, stated so that no test's settings turn it off. */
export const STREAMING_SETTINGS = { wal_level: 'replica', max_wal_senders: '10', hot_standby: 'on' }

// What a base backup leaves out (VOLATILE: the server's own files, folders copied empty), and
// the markers of a backup or a standby, which the copy gets anew.
const MARKERS = new Set([
  'backup_label',
  'tablespace_map',
  'standby.signal',
  'recovery.signal',
  'backup_manifest',
])

/**
 * Starts a standby of `primary` in `dir` (its cluster in `dir/pg`), streaming through the
 * physical slot `slot`. `settings` are the primary's own: a hot standby refuses to start with
 * lower limits (max_connections and the like) than its primary.
 */
export async function addStandby(
  primary: RunningPostgres,
  dir: string,
  slot: string,
  settings: Record<string, string> = {},
): Promise<Standby> {
  // Open to `nobody` (postgres as root) before anything is made in it: a closed folder on the
  // way would make startEmbeddedPostgres keep the cluster elsewhere and run initdb there, i.e.
  // start an unrelated primary without a word.
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 })
  if (isRoot) assertOpenToOthers(dir)
  const cluster = path.join(dir, 'pg')
  let postgres: RunningPostgres | undefined
  const remove = async () => {
    await postgres?.stop()
    await dropSlot(primary, slot)
  }
  try {
    const admin = new pg.Client({ connectionString: primary.url('postgres') })
    await admin.connect()
    try {
      // The slot first (reserving WAL now): it keeps every segment the standby will ask for.
      await admin.query('SELECT pg_create_physical_replication_slot($1, true)', [slot])
      await admin.query('SELECT pg_backup_start($1, true)', [slot])
      copyCluster(primary.dataDir, cluster)
      const { rows } = await admin.query<{ labelfile: string }>(
        'SELECT labelfile FROM pg_backup_stop(false)',
      )
      fs.writeFileSync(path.join(cluster, 'backup_label'), rows[0]!.labelfile) // no tablespaces
    } finally {
      await admin.end()
    }
    fs.writeFileSync(path.join(cluster, 'standby.signal'), '')
    // Same cluster, same password (startEmbeddedPostgres reads it from dir/pg-password).
    const password = decodeURIComponent(new URL(primary.url('postgres')).password)
    fs.writeFileSync(path.join(dir, 'pg-password'), password, { mode: 0o600 })
    if (isRoot) {
      // The copies are root's; postgres runs as the primary's owner (nobody).
      const { uid, gid } = fs.statSync(primary.dataDir)
      execFileSync('chown', ['-R', `${uid}:${gid}`, cluster])
    }
    postgres = await startEmbeddedPostgres({
      dir,
      settings: {
        ...settings,
        primary_conninfo: `host=127.0.0.1 port=${primary.port} user=postgres password='${password}' application_name=${slot}`,
        primary_slot_name: slot,
      },
    })
    if (postgres.dataDir !== cluster) throw new Error(`the standby was kept in ${postgres.dataDir}`)
    const check = new pg.Client({ connectionString: postgres.url('postgres') })
    await check.connect()
    const { rows } = await check
      .query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')
      .finally(() => check.end())
    if (!rows[0]?.standby) throw new Error(`${postgres.dataDir} started as a primary`)
    return { postgres, slot, remove }
  } catch (error) {
    await remove().catch(() => {})
    throw error
  }
}

/** Stops applying WAL on the standby (it keeps receiving it) and waits until it has stopped. */
export async function pauseReplay(standby: pg.Pool): Promise<void> {
  await standby.query('SELECT pg_wal_replay_pause()')
  await waitFor(standby, `SELECT pg_get_wal_replay_pause_state() = 'paused' AS done`, [])
}

export async function resumeReplay(standby: pg.Pool): Promise<void> {
  await standby.query('SELECT pg_wal_replay_resume()')
}

/** The primary's WAL position now: once a standby has replayed it, it has every commit before. */
export async function currentLsn(primary: pg.Pool): Promise<string> {
  const { rows } = await primary.query<{ lsn: string }>(
    'SELECT pg_current_wal_insert_lsn()::text AS lsn',
  )
  return rows[0]!.lsn
}

/** Waits until the standby has replayed the primary's WAL up to `lsn` (see currentLsn). */
export function waitReplayed(standby: pg.Pool, lsn: string, timeoutMs = 10_000): Promise<void> {
  return waitFor(standby, 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [lsn], timeoutMs)
}

/** Polls `sql` (answering `done`) every 10 ms until it is true, or fails after `timeoutMs`. */
async function waitFor(pool: pg.Pool, sql: string, values: unknown[], timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { rows } = await pool.query<{ done: boolean | null }>(sql, values)
    if (rows[0]?.done) return
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms: ${sql}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** Drops the slot once no walsender uses it any more (the standby's stop ends it). */
async function dropSlot(primary: RunningPostgres, slot: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: primary.url('postgres'), max: 1 })
  // The primary may stop while this pool's last connection is still closing: an error then is
  // the shutdown's, not a test's (unheard, it would be an uncaught exception).
  pool.on('error', () => {})
  try {
    await waitFor(
      pool,
      'SELECT NOT coalesce(bool_or(active), false) AS done FROM pg_replication_slots WHERE slot_name = $1',
      [slot],
    )
    await pool.query(
      'SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1',
      [slot],
    )
  } finally {
    await pool.end()
  }
}

/** Every folder down to `dir` must let others through (postgres runs as `nobody` under root). */
function assertOpenToOthers(dir: string) {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if ((fs.statSync(at).mode & 0o001) === 0)
      throw new Error(`${at} is closed to others: chmod o+x it (postgres runs as nobody)`)
    if (at === path.dirname(at)) return
  }
}

/** Copies a running cluster's folder, minus what a base backup leaves out. */
function copyCluster(from: string, to: string, top = true) {
  // 0700: PostgreSQL refuses a data folder open to others.
  fs.mkdirSync(to, { recursive: true, mode: 0o700 })
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (top && MARKERS.has(entry.name)) continue
    if (top && VOLATILE.has(entry.name)) {
      if (entry.isDirectory()) fs.mkdirSync(target, { mode: 0o700 })
      continue
    }
    if (entry.isDirectory()) copyCluster(source, target, false)
    else if (entry.isFile())
      try {
        fs.copyFileSync(source, target)
      } catch (error) {
        // A file the running cluster removed meanwhile is fine (the WAL replay recreates state).
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      }
  }
}
