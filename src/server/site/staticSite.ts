import crypto from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import { LRUCache } from 'lru-cache'

import {
  ASSET_CACHE_CONTROL,
  pageCacheControl,
  pageCdnCacheControl,
} from '@/server/http/cacheHeaders'
import { pageFile } from './pageFiles'
import { contentType } from './staticFiles'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt'])
const MIN_COMPRESS_BYTES = 512

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(full, out)
    else out.push(full)
  }
  return out
}

/**
 * Writes `.br` and `.gz` beside every compressible file of a finished build (before it is
 * served, so readers never wait for compression). Runs in libuv's pool, off the event loop.
 */
export async function precompressBuild(clientDir: string): Promise<void> {
  const files = walk(clientDir).filter(
    (f) => COMPRESSIBLE.has(path.extname(f)) && fs.statSync(f).size >= MIN_COMPRESS_BYTES,
  )
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 }
  for (let i = 0; i < files.length; i += 8) {
    await Promise.all(
      files.slice(i, i + 8).map(async (file) => {
        const body = await fs.promises.readFile(file)
        const [br, gz] = await Promise.all([brotli(body, { params }), gzip(body, { level: 9 })])
        // Only where it helps.
        if (br.length < body.length) await fs.promises.writeFile(`${file}.br`, br)
        if (gz.length < body.length) await fs.promises.writeFile(`${file}.gz`, gz)
      }),
    )
  }
}

/** Memory for the files served from this process (the rest are read from disk again). */
const STATIC_MEMORY_BYTES = 48 * 1024 * 1024

interface Entry {
  body: Buffer
  br?: Buffer
  gz?: Buffer
  etag: string
  /** Type, caching, vary, ETag and Last-Modified, as a flat name, value list. */
  headers: string[]
  /** The headers with each body's encoding and length, made once (a request copies them). */
  plainHead: string[]
  brHead?: string[]
  gzHead?: string[]
}

/** An entry's headers for one of its bodies. */
const headFor = (headers: string[], body: Buffer, encoding?: string) => [
  ...headers,
  ...(encoding ? ['content-encoding', encoding] : []),
  'content-length',
  String(body.length),
]

/** The URL paths one file answers: /a/index.html also as /a and /a/, /b.html also as /b. */
function urlPathsOf(rel: string): string[] {
  const url = `/${rel.split(path.sep).join('/')}`
  if (url.endsWith('/index.html')) {
    const dir = url.slice(0, -'index.html'.length)
    return dir === '/' ? [url, '/'] : [url, dir, dir.slice(0, -1)]
  }
  if (url.endsWith('.html')) return [url, url.slice(0, -'.html'.length)]
  return [url]
}

/**
 * One build's files served from memory: an index of URL paths made once, each file read once
 * (with its precompressed forms), so a request costs a map lookup. Assets never change; page
 * files are rewritten by the regenerator, which then calls `refresh` on every instance.
 */
export class StaticSite {
  private readonly index = new Map<string, string>()
  /**
   * Files read so far, the least used dropped first: a large site's pages (each with its
   * precompressed forms) would otherwise all end up in memory as readers crawl them.
   */
  private readonly entries = new LRUCache<string, Entry>({
    maxSize: STATIC_MEMORY_BYTES,
    sizeCalculation: (e) => e.body.length + (e.br?.length ?? 0) + (e.gz?.length ?? 0) + 1,
  })

  constructor(readonly clientDir: string) {
    for (const file of fs.existsSync(clientDir) ? walk(clientDir) : []) {
      if (file.endsWith('.br') || file.endsWith('.gz')) continue
      for (const url of urlPathsOf(path.relative(clientDir, file))) this.index.set(url, file)
    }
  }

  /** Page paths whose files were rewritten or removed: read them from disk again. */
  refresh(urlPaths: string[]): void {
    for (const urlPath of urlPaths) {
      const file = pageFile(this.clientDir, urlPath)
      this.entries.delete(file)
      const urls = urlPathsOf(path.relative(this.clientDir, file))
      if (fs.existsSync(file)) for (const url of urls) this.index.set(url, file)
      else for (const url of urls) this.index.delete(url)
    }
  }

  private fileFor(urlPath: string): string | undefined {
    try {
      return this.index.get(urlPath.includes('%') ? decodeURIComponent(urlPath) : urlPath)
    } catch {
      return undefined
    }
  }

  private entryFor(file: string): Entry {
    let entry = this.entries.get(file)
    if (!entry) {
      const body = fs.readFileSync(file)
      const read = (suffix: string) =>
        fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined
      const hashed = file.includes(`${path.sep}_astro${path.sep}`)
      const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`
      // Everything but the hashed assets: what nginx's `location /` serves (scripts/nginx-config.ts).
      const cdnCacheControl = hashed ? undefined : pageCdnCacheControl()
      const [br, gz] = [read('.br'), read('.gz')]
      const headers = [
        'content-type',
        contentType(file),
        'cache-control',
        hashed ? ASSET_CACHE_CONTROL : pageCacheControl(),
        ...(cdnCacheControl ? ['cdn-cache-control', cdnCacheControl] : []),
        'vary',
        'accept-encoding',
        'etag',
        etag,
        'last-modified',
        fs.statSync(file).mtime.toUTCString(),
      ]
      entry = {
        body,
        br,
        gz,
        etag,
        headers,
        plainHead: headFor(headers, body),
        brHead: br && headFor(headers, br, 'br'),
        gzHead: gz && headFor(headers, gz, 'gzip'),
      }
      this.entries.set(file, entry)
    }
    return entry
  }

  /**
   * Answers a GET or HEAD for a file of this build; false when it has none. `head` (a flat
   * name, value list: the site's security headers) and `last` (this request's own, its id) go
   * out with it in one `writeHead`, Node's fast path (no header set on `res` before).
   */
  serve(
    req: IncomingMessage,
    res: ServerResponse,
    urlPath: string,
    head: readonly string[] = [],
    last: readonly string[] = [],
  ): boolean {
    const file = this.fileFor(urlPath)
    if (!file) return false
    const entry = this.entryFor(file)
    const match = req.headers['if-none-match']
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
      res.writeHead(304, [...head, ...entry.headers, ...last])
      res.end()
      return true
    }
    const accepts = req.headers['accept-encoding']
    const [body, headers] =
      entry.brHead && accepts && /\bbr\b/.test(accepts)
        ? [entry.br!, entry.brHead]
        : entry.gzHead && accepts && /\bgzip\b/.test(accepts)
          ? [entry.gz!, entry.gzHead]
          : [entry.body, entry.plainHead]
    res.writeHead(200, [...head, ...headers, ...last])
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
}

const sites = new Map<string, StaticSite>()

/** Forget what is held of a build folder (its files may have changed while we were not told). */
export function forgetStaticSite(buildDir: string): void {
  sites.delete(buildDir)
}

/** The StaticSite of a build folder, made once; the oldest are dropped after a few builds. */
export function staticSiteFor(buildDir: string): StaticSite {
  let site = sites.get(buildDir)
  if (!site) {
    site = new StaticSite(path.join(buildDir, 'client'))
    sites.set(buildDir, site)
    while (sites.size > 3) sites.delete(sites.keys().next().value!)
  }
  return site
}
