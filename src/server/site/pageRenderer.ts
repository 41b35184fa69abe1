import { spawn, type ChildProcess } from 'node:child_process'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { readFromPrimary } from '@/server/database/replicas'

export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
  locals?: App.Locals,
) => void

export interface RenderedPage {
  status: number
  html: string
  location?: string
}

/** The on-demand page handler of one site build (its server/entry.mjs). */
export async function loadAstroHandler(buildDir: string): Promise<AstroHandler> {
  const entry = pathToFileURL(path.join(buildDir, 'server', 'entry.mjs')).href
  return ((await import(entry)) as { handler: AstroHandler }).handler
}

/**
 * Serves a build's handler on a private loopback port (this process or a render process). Its
 * pages become files kept until the next change, so they read the primary: a replica may not
 * have replayed the write that queued them yet.
 */
export async function listenLoopback(handler: AstroHandler): Promise<http.Server> {
  const server = http.createServer((req, res) =>
    readFromPrimary(() =>
      handler(req, res, (error) => {
        if (!res.headersSent) res.writeHead(error ? 500 : 404, { 'content-type': 'text/plain' })
        res.end(error ? String(error) : 'Not found')
      }),
    ),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

/** Pages each render target works on at once (its loaders wait on PostgreSQL meanwhile). */
export const RENDERS_PER_TARGET = 4
const WORKER_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'renderWorker.ts')

interface Target {
  port: number
  inFlight: number
}

/**
 * Renders pages of a build as a signed-out visitor sees them, through the build's own
 * on-demand handler on a private loopback port: the HTML is exactly what the page route
 * answers, which the regenerator then writes as the page's static file. A full build may add
 * render processes (`addProcesses`): the same build's handler in another process, so page
 * rendering (one JavaScript thread per process) uses more than one core.
 */
export class PageRenderer {
  private readonly targets: Target[]
  private readonly children: ChildProcess[] = []

  private constructor(
    private readonly server: http.Server,
    private readonly host: string,
  ) {
    this.targets = [{ port: (server.address() as AddressInfo).port, inFlight: 0 }]
  }

  static async start(handler: AstroHandler, publicHost: string): Promise<PageRenderer> {
    return new PageRenderer(await listenLoopback(handler), publicHost)
  }

  /** How many pages to work on at once: RENDERS_PER_TARGET for each process, plus some in writing. */
  get width(): number {
    return this.targets.length * RENDERS_PER_TARGET + (this.targets.length > 1 ? 2 : 0)
  }

  /** How many pages to work on at once when rendering `elsewhere`. */
  get widthElsewhere(): number {
    return this.targets.length > 1 ? this.width - RENDERS_PER_TARGET : this.width
  }

  /** Render processes in use, this one included. */
  get processes(): number {
    return this.targets.length
  }

  /**
   * Starts `count` render processes (src/server/site/renderWorker.ts) on the build in `buildDir`,
   * with this process's environment and loader flags. One that fails to start is left out
   * (the pages then render here), so a full build never depends on them.
   */
  async addProcesses(
    buildDir: string,
    count: number,
    log: (line: string) => void,
    nice = 0,
  ): Promise<void> {
    const started = await Promise.all(
      Array.from({ length: count }, () =>
        this.startProcess(buildDir, nice).catch((error: unknown) => {
          log(`site: a render process did not start (${String(error)}); rendering here`)
          return undefined
        }),
      ),
    )
    for (const port of started) if (port) this.targets.push({ port, inFlight: 0 })
  }

  private startProcess(buildDir: string, nice: number): Promise<number> {
    const child = spawn(process.execPath, [...process.execArgv, WORKER_ENTRY, buildDir], {
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    this.children.push(child)
    // Work that may wait (a build's remaining pages): the serving process comes first.
    if (nice && child.pid) os.setPriority(child.pid, nice)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        reject(new Error('no answer in 60 s'))
      }, 60_000)
      child.once('message', (message: { port?: number }) => {
        clearTimeout(timer)
        if (message.port) resolve(message.port)
        else reject(new Error('no port'))
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`exited (${signal ?? `code ${code}`})`))
      })
    })
  }

  /**
   * `elsewhere`: only in the render processes when there are any, leaving this (serving) process
   * to readers.
   */
  async render(urlPath: string, elsewhere = false): Promise<RenderedPage> {
    // The least busy; on a tie a render process, since this one also compresses and writes.
    const targets = elsewhere && this.targets.length > 1 ? this.targets.slice(1) : this.targets
    const target = targets.reduce((a, b) => (b.inFlight <= a.inFlight ? b : a))
    target.inFlight++
    try {
      return await this.renderOn(target.port, urlPath)
    } catch (error) {
      // A render process that failed (or died) is left out; this process renders the page.
      const local = this.targets[0]!
      if (target === local) throw error
      const at = this.targets.indexOf(target)
      if (at > 0) this.targets.splice(at, 1)
      return this.renderOn(local.port, urlPath)
    } finally {
      target.inFlight--
    }
  }

  private renderOn(port: number, urlPath: string): Promise<RenderedPage> {
    return new Promise((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: urlPath,
          headers: { host: this.host, accept: 'text/html' },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (c: Buffer) => chunks.push(c))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 500,
              html: Buffer.concat(chunks).toString('utf8'),
              location: res.headers.location,
            }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.setTimeout(60_000, () => req.destroy(new Error(`rendering ${urlPath} timed out`)))
    })
  }

  async close(): Promise<void> {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve()
            child.once('exit', () => resolve())
            child.disconnect?.()
            child.kill('SIGTERM')
          }),
      ),
    )
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}
