import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** The file a page path is served from: /a/b → a/b/index.html, / → index.html. */
export function pageFile(clientDir: string, urlPath: string): string {
  const clean = path.posix.normalize(`/${decodeURIComponent(urlPath)}`).replace(/\/+$/, '')
  if (clean.split('/').some((s) => s === '..')) throw new Error(`bad page path ${urlPath}`)
  return path.join(clientDir, clean, 'index.html')
}

let tmpCounter = 0
async function writeAtomically(file: string, body: Buffer): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${++tmpCounter}`
  await fs.promises.writeFile(tmp, body)
  await fs.promises.rename(tmp, file)
}

/** A page's HTML with the compressed forms a front server picks from. */
export interface PageFiles {
  html: Buffer
  br: Buffer
  gz: Buffer
}

/** Fast levels: a page is compressed on every change; the 11-level pass is for assets. */
export async function compressPage(html: string): Promise<PageFiles> {
  const body = Buffer.from(html)
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip(body, { level: 6 }),
  ])
  return { html: body, br, gz }
}

/**
 * Writes one page's files, each replaced in one rename (a reader gets the old file or the new
 * one, never half of one). The HTML goes last, so a front server that prefers `.gz` never pairs
 * a new page with an old compressed copy for long.
 */
export async function writePageFiles(
  clientDir: string,
  urlPath: string,
  files: PageFiles,
): Promise<void> {
  const file = pageFile(clientDir, urlPath)
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  await writeAtomically(`${file}.br`, files.br)
  await writeAtomically(`${file}.gz`, files.gz)
  await writeAtomically(file, files.html)
}

export async function writePage(clientDir: string, urlPath: string, html: string): Promise<void> {
  await writePageFiles(clientDir, urlPath, await compressPage(html))
}

/** A page that no longer exists (or moved): without a file, the on-demand route answers. */
export async function removePage(clientDir: string, urlPath: string): Promise<void> {
  const file = pageFile(clientDir, urlPath)
  for (const f of [file, `${file}.br`, `${file}.gz`]) await fs.promises.rm(f, { force: true })
}
