import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/**
 * /api/docs: the description as a readable reference (Scalar's standalone build), served from
 * this origin under a policy of its own: no CDN, no outside fonts, nothing it can send elsewhere.
 */
const REFERENCE_SCRIPT = '/api/docs/reference.js'

const configuration = JSON.stringify({
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  // The reference's own upsells (hosted tools, an AI agent) would call Scalar's servers.
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
})

export const referencePage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Belong API reference</title>
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='${configuration}'></script>
    <script src="${REFERENCE_SCRIPT}"></script>
  </body>
</html>
`

/** Scripts and data only from this origin; Scalar sets inline styles. */
export const referencePolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

let script: { gzip: Buffer; plain: Buffer } | undefined

/** The reference's script (about 5 MB, 1.4 MB gzipped), read and compressed once, on first use. */
export function referenceScript(): { gzip: Buffer; plain: Buffer } {
  if (!script) {
    const file = path.resolve(
      /*turbopackIgnore: true*/ process.cwd(),
      'node_modules/@scalar/api-reference/dist/browser/standalone.js',
    )
    const plain = fs.readFileSync(file)
    script = { plain, gzip: zlib.gzipSync(plain, { level: 9 }) }
  }
  return script
}
