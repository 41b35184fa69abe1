import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { env } from '@/server/config/env'
import { hashSources } from './sourceHash'
import { publicRealtimeConfig } from '@/server/config/realtimeConfig'
import { precompressBuild } from './staticSite'

/**
 * The public site is built by `astro build` into a fresh folder under DATA_DIR/site and its
 * pages prerendered into it (src/server/site/prerender.ts); `current.json` names the folder being
 * served. A full build happens only when code or build-time settings change (the source hash);
 * content changes rewrite just their pages in the served folder (src/server/site/siteRegen.ts).
 */
export const SITE_SOURCES = [
  'src',
  'widgets',
  'collections',
  'public',
  'astro.config.mjs',
  'payload.config.ts',
  'package-lock.json',
  'tsconfig.json',
]

export interface SiteBuild {
  dir: string
  sourceHash: string
  builtAt: string
  durationMs: number
  /** The origin of the absolute links in its pages (canonical, OpenGraph, JSON-LD). */
  publicOrigin?: string
  /** With pages through the bucket: the revision taken before its prerender read the database. */
  baseRevision?: number
  /**
   * Served before all its pages were written: the regenerator writes the rest behind it
   * (src/server/site/backfill.ts), and the pages without a file meanwhile render on demand.
   */
  pagesPending?: boolean
}

/**
 * A build's name across machines: each machine builds its own folder, but the same sources
 * and public origin make the same pages, so announcements and the bucket use this key.
 */
export function buildKey(build: Pick<SiteBuild, 'sourceHash' | 'publicOrigin'>): string {
  return createHash('sha256')
    .update(`${build.sourceHash}\n${build.publicOrigin ?? ''}`)
    .digest('hex')
    .slice(0, 16)
}

export class SiteBuilds {
  private readonly root: string
  private current: SiteBuild | undefined
  private running: Promise<void> | undefined
  private readonly pinned = new Set<string>()
  private child: ChildProcess | undefined
  readonly sourceHash: string
  /** Names this data folder: instances that share it share the page files. */
  readonly folderId: string
  /** Called after every successful switch (tests and logs listen). */
  onSwitch: (build: SiteBuild) => void = () => {}

  constructor(
    private readonly options: {
      projectRoot: string
      dataDir: string
      env: NodeJS.ProcessEnv
      /**
       * Writes the build's pages before it is served: all of them `inPlace` (the served build's,
       * again), else perhaps only the first ones (`pending` then says the rest are not written).
       */
      prerender: (
        dir: string,
        inPlace: boolean,
      ) => Promise<{ baseRevision?: number; pending?: boolean }>
      /** The origin pages link to now (PUBLIC_URL's); pages made for another are rewritten. */
      publicOrigin: string
      log: (line: string) => void
    },
  ) {
    this.root = path.join(options.dataDir, 'site')
    // Settings read at build time (baked into the pages) count as sources too.
    const baked = [env.tiles.url, env.tiles.attribution, JSON.stringify(publicRealtimeConfig())]
    this.sourceHash = hashSources(options.projectRoot, SITE_SOURCES, baked)
    this.current = this.readCurrent()
    this.folderId = folderIdOf(this.root)
  }

  /** The folder served now, or undefined before the first build. */
  get served(): SiteBuild | undefined {
    return this.current
  }

  /** True when the served build was made from the sources on disk. */
  get upToDate(): boolean {
    return this.current?.sourceHash === this.sourceHash
  }

  /** Build now and wait (first start, or sources changed). */
  async buildNow(progress = false): Promise<SiteBuild> {
    if (this.running) await this.running
    await this.runBuild(progress)
    return this.current!
  }

  /** The key of the build these sources and this public origin make (served or not). */
  get wantedKey(): string {
    return buildKey({ sourceHash: this.sourceHash, publicOrigin: this.options.publicOrigin })
  }

  /** True when the served pages link to the current public origin. */
  get pagesMatchOrigin(): boolean {
    return this.current?.publicOrigin === this.options.publicOrigin
  }

  /** PUBLIC_URL changed since the pages were written: write them all again, in place. */
  async rewritePagesForOrigin(): Promise<void> {
    const build = this.current
    if (!build || this.pagesMatchOrigin) return
    const { baseRevision } = await this.options.prerender(build.dir, true)
    this.writePointer({
      ...build,
      publicOrigin: this.options.publicOrigin,
      baseRevision,
      pagesPending: false,
    })
  }

  /**
   * The served build's folder while pages are left to write behind it (read from current.json:
   * another instance may have finished them).
   */
  get pendingDir(): string | undefined {
    if (!this.current?.pagesPending) return undefined
    this.reload()
    return this.current.pagesPending ? this.current.dir : undefined
  }

  /** Every page of the build in `dir` is written now. */
  pagesWritten(dir: string): void {
    const build = this.readCurrent()
    if (build?.dir !== dir || !build.pagesPending) return
    this.writePointer({ ...build, pagesPending: false })
  }

  /** Another instance may have switched builds: read current.json again. */
  reload(): void {
    this.current = this.readCurrent() ?? this.current
  }

  /** Never delete this folder (the server loaded its on-demand code and assets from it). */
  pin(dir: string): void {
    this.pinned.add(dir)
  }

  stop(): void {
    this.child?.kill('SIGTERM')
  }

  /**
   * Serves a build made elsewhere (another machine's, from the bucket) instead of building:
   * `fill` writes its files into the new folder.
   */
  async adopt(fill: (dir: string) => Promise<void>, baseRevision: number): Promise<SiteBuild> {
    const started = Date.now()
    const dir = path.join(this.root, `build-${started}`)
    try {
      this.linkModules()
      await fill(dir)
      this.switchTo({ ...this.describe(dir, started), baseRevision }, 'downloaded')
      return this.current!
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true })
      throw error
    }
  }

  private async runBuild(progress: boolean): Promise<void> {
    const started = Date.now()
    const dir = path.join(this.root, `build-${started}`)
    const run = this.astroBuild(dir, progress)
    this.running = run
    try {
      await run
      // Compressed once here, so serving is a lookup (src/server/site/staticSite.ts).
      await precompressBuild(path.join(dir, 'client'))
      const { baseRevision, pending } = await this.options.prerender(dir, false)
      this.switchTo(
        {
          ...this.describe(dir, started),
          baseRevision,
          ...(pending ? { pagesPending: true } : {}),
        },
        pending ? 'ready to serve (the other pages follow)' : 'ready',
      )
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true })
      throw error
    } finally {
      this.running = undefined
    }
  }

  private describe(dir: string, started: number): SiteBuild {
    return {
      dir,
      sourceHash: this.sourceHash,
      builtAt: new Date().toISOString(),
      durationMs: Date.now() - started,
      publicOrigin: this.options.publicOrigin,
    }
  }

  private switchTo(build: SiteBuild, how: string): void {
    this.writePointer(build)
    // A stable path to the served build for a front server (npm run nginx:config): swapped in
    // one rename, so nginx sees the old folder or the new one.
    const link = path.join(this.root, 'current')
    fs.rmSync(`${link}.tmp`, { force: true })
    fs.symlinkSync(path.basename(build.dir), `${link}.tmp`, 'dir')
    fs.renameSync(`${link}.tmp`, link)
    this.current = build
    this.options.log(`site: build ${how} in ${(build.durationMs / 1000).toFixed(1)} s`)
    this.onSwitch(build)
    this.prune()
  }

  /**
   * Built server code imports packages by name: let it find the project's node_modules even
   * when DATA_DIR lives outside the project.
   */
  private linkModules(): void {
    fs.mkdirSync(this.root, { recursive: true })
    const modules = path.join(this.root, 'node_modules')
    if (!fs.existsSync(modules)) {
      fs.symlinkSync(path.join(this.options.projectRoot, 'node_modules'), modules, 'dir')
    }
  }

  private astroBuild(outDir: string, progress: boolean): Promise<void> {
    this.linkModules()
    const astro = path.join(this.options.projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs')
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [astro, 'build', '--silent'], {
        cwd: this.options.projectRoot,
        env: { ...this.options.env, NODE_ENV: 'production', ASTRO_OUT_DIR: outDir },
        stdio: progress ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
      })
      this.child = child
      let output = ''
      child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)))
      child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)))
      child.on('error', reject)
      child.on('exit', (code) => {
        this.child = undefined
        if (code === 0) resolve()
        else reject(new Error(`astro build exited with ${code}\n${output}`))
      })
    })
  }

  private writePointer(build: SiteBuild): void {
    const pointer = path.join(this.root, 'current.json')
    fs.writeFileSync(`${pointer}.tmp`, JSON.stringify(build, null, 2))
    fs.renameSync(`${pointer}.tmp`, pointer)
    this.current = build
  }

  private readCurrent(): SiteBuild | undefined {
    try {
      const build = JSON.parse(
        fs.readFileSync(path.join(this.root, 'current.json'), 'utf8'),
      ) as SiteBuild
      // Always the folder beside this file: a data folder copied or moved elsewhere (a restore,
      // a test's copy of a template) must never serve, or write into, the original's build.
      build.dir = path.join(this.root, path.basename(build.dir))
      return fs.existsSync(path.join(build.dir, 'server', 'entry.mjs')) ? build : undefined
    } catch {
      return undefined
    }
  }

  /** Keep the served build and the one before it (pages still loading may ask for its assets). */
  private prune(): void {
    const builds = fs
      .readdirSync(this.root)
      .filter((n) => n.startsWith('build-'))
      .sort()
    for (const name of builds.slice(0, -3)) {
      const dir = path.join(this.root, name)
      if (dir !== this.current?.dir && !this.pinned.has(dir))
        fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * A random id kept in the folder, mixed with the machine's name and the folder's path: a data
 * folder copied to another machine or path (a restore, a test's copy) is a different folder.
 */
function folderIdOf(root: string): string {
  fs.mkdirSync(root, { recursive: true })
  const file = path.join(root, 'folder-id')
  let id = ''
  try {
    id = fs.readFileSync(file, 'utf8').trim()
  } catch {
    id = randomBytes(12).toString('hex')
    fs.writeFileSync(file, id)
  }
  return createHash('sha256')
    .update(`${os.hostname()}\n${fs.realpathSync(root)}\n${id}`)
    .digest('hex')
    .slice(0, 16)
}
