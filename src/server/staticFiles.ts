import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
}

/** The file a URL path names inside `root`, or undefined (never escapes `root`). */
export function resolveStatic(root: string, urlPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  const candidate = path.join(root, path.normalize(decoded).replace(/^(\.\.[/\\])+/, ''))
  if (!candidate.startsWith(root)) return undefined
  for (const file of [candidate, path.join(candidate, 'index.html'), `${candidate}.html`]) {
    try {
      if (fs.statSync(file).isFile()) return file
    } catch {
      // try the next form
    }
  }
  return undefined
}

/** Serves a whole file; the build folder it comes from is never written again, so reads are safe. */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: string): void {
  const ext = path.extname(file)
  res.setHeader('content-type', TYPES[ext] ?? 'application/octet-stream')
  res.setHeader(
    'cache-control',
    file.includes(`${path.sep}_astro${path.sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=0, must-revalidate',
  )
  res.setHeader('content-length', fs.statSync(file).size)
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  fs.createReadStream(file).pipe(res)
}
