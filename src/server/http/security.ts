import crypto from 'node:crypto'
import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

/**
 * The origins this site answers for. With PUBLIC_URL, only its host; without it, the site is a
 * local one and answers only loopback names on its port (never a Host header chosen by a
 * stranger: reset links, the OIDC redirect and Payload's CSRF check all trust the request origin).
 */
export interface SiteOrigins {
  /** The origin links and e-mails use. */
  publicOrigin: string
  /** Whether a Host header value (host[:port]) names this site. */
  allowsHost: (host: string) => boolean
  /** Whether an Origin header value is this site (writes from anywhere else are refused). */
  allowsOrigin: (origin: string) => boolean
  secure: boolean
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])
const hostnameOf = (host: string) => host.toLowerCase().replace(/:\d+$/, '')

export function siteOrigins(publicUrl: string | undefined, port: number): SiteOrigins {
  if (publicUrl) {
    const url = new URL(publicUrl)
    return {
      publicOrigin: url.origin,
      allowsHost: (host) => host.toLowerCase() === url.host.toLowerCase(),
      allowsOrigin: (origin) => origin === url.origin,
      secure: url.protocol === 'https:',
    }
  }
  // Local: any port of a loopback name (npm run dev proxies from another port).
  return {
    publicOrigin: `http://localhost:${port}`,
    allowsHost: (host) => LOOPBACK.has(hostnameOf(host)),
    allowsOrigin: (origin) => {
      const match = /^http:\/\/([^/]+)$/.exec(origin)
      return Boolean(match && LOOPBACK.has(hostnameOf(match[1]!)))
    },
    secure: false,
  }
}

const refusal = (res: ServerResponse, status: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ errors: [{ message }] }))
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses what must not reach the app: another Host, a cross-site write (by Origin, or by
 * Sec-Fetch-Site when a browser sends no Origin), and API bodies that are neither JSON nor an
 * upload (a cross-site HTML form can only send text/plain, urlencoded or multipart). A mail's
 * one-click unsubscribe is let through from anywhere (oneClickUnsubscribe). Returns true when
 * it answered.
 */
export function refuseUnsafeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  site: SiteOrigins,
): boolean {
  const host = (req.headers.host ?? '').toLowerCase()
  if (!site.allowsHost(host)) {
    refusal(res, 421, 'This site is not served under that name.')
    return true
  }
  if (SAFE_METHODS.has(req.method ?? 'GET')) return false
  if (oneClickUnsubscribe(req)) return false
  const origin = req.headers.origin
  const fetchSite = req.headers['sec-fetch-site']
  if ((origin !== undefined && !site.allowsOrigin(origin)) || fetchSite === 'cross-site') {
    refusal(res, 403, 'Cross-site request refused.')
    return true
  }
  const url = req.url ?? '/'
  if (url.startsWith('/api/') && hasBody(req)) {
    const type = (req.headers['content-type'] ?? '').toLowerCase()
    if (
      !type.startsWith('application/json') &&
      !type.startsWith('multipart/form-data') &&
      !urlencodedAllowed(req, url, type)
    ) {
      refusal(res, 415, 'Send JSON (application/json) or a file upload (multipart/form-data).')
      return true
    }
  }
  return false
}

/**
 * Two urlencoded bodies the site itself sends: pusher-js's channel authorization
 * (POST /api/realtime/auth, `socket_id&channel_name`) and the Payload admin's long reads
 * (POST with `X-Payload-HTTP-Method-Override: GET`, e.g. relationship field options). A
 * cross-site form can set neither the header nor pass the Origin check above.
 */
function urlencodedAllowed(req: IncomingMessage, url: string, type: string): boolean {
  if (!type.startsWith('application/x-www-form-urlencoded')) return false
  if (url.split('?')[0] === '/api/realtime/auth') return true
  return String(req.headers['x-payload-http-method-override'] ?? '').toUpperCase() === 'GET'
}

/**
 * RFC 8058's one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe address (`/api/mails/unsubscribe?t=TOKEN`), urlencoded or multipart, from
 * their own servers or a webmail page on any origin. The signed token in the address is the
 * whole credential and such a post can only turn a kind of mail off
 * (collections/Mails/unsubscribe/endpoints.ts), so no Origin or session is asked for.
 */
function oneClickUnsubscribe(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false
  const url = new URL(req.url ?? '/', 'http://site')
  if (url.pathname !== '/api/mails/unsubscribe' || !url.searchParams.has('t')) return false
  const type = (req.headers['content-type'] ?? '').toLowerCase()
  return (
    type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
  )
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/** Hashes of the inline scripts in one HTML document ('sha256-…' CSP sources). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match
    if (/\bsrc\s*=/i.test(attributes!) || !body) continue
    // Data blocks (JSON-LD) are never run: a hash per page's data would only bloat the policy.
    if (/\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes!)) continue
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`)
  }
  return hashes
}

function htmlFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) htmlFiles(full, out)
    else if (entry.name.endsWith('.html')) out.push(full)
  }
  return out
}

const buildHashes = new Map<string, string[]>()

/** Beside a build's client folder: the hashes its prerender found (src/server/site/prerender.ts). */
export const scriptHashesFile = (clientDir: string) =>
  path.join(path.dirname(clientDir), 'script-hashes.json')

/** Records the hashes a prerender found, for every process serving this build. */
export function saveScriptHashes(clientDir: string, hashes: Iterable<string>): void {
  const sorted = [...new Set(hashes)].sort()
  // In one rename: other processes serving the build may read it meanwhile.
  const file = scriptHashesFile(clientDir)
  fs.writeFileSync(`${file}.tmp-${process.pid}`, JSON.stringify(sorted))
  fs.renameSync(`${file}.tmp-${process.pid}`, file)
  buildHashes.set(clientDir, sorted)
}

/**
 * Pages written after a build is served (the rest of its pages, a regenerated page): any hash not
 * known yet is added for every process serving the build. True when one was.
 */
export function addScriptHashes(clientDir: string, htmls: string[]): boolean {
  const known = new Set(scriptHashesOfBuild(clientDir))
  const size = known.size
  for (const html of htmls) for (const h of inlineScriptHashes(html)) known.add(h)
  if (known.size === size) return false
  saveScriptHashes(clientDir, known)
  return true
}

/** Another process added hashes to this build's file: read it again. */
export function forgetScriptHashes(clientDir: string): void {
  buildHashes.delete(clientDir)
}

/**
 * The inline scripts Astro writes (island loaders, hydration) are the same on every page of a
 * build, so the union over its prerendered pages serves its on-demand pages too. Read once per
 * build folder (from the file the prerender wrote, else by reading every page).
 */
export function scriptHashesOfBuild(clientDir: string): string[] {
  let hashes = buildHashes.get(clientDir)
  if (!hashes && fs.existsSync(scriptHashesFile(clientDir))) {
    hashes = JSON.parse(fs.readFileSync(scriptHashesFile(clientDir), 'utf8')) as string[]
    buildHashes.set(clientDir, hashes)
  }
  if (!hashes) {
    const all = new Set<string>()
    for (const file of fs.existsSync(clientDir) ? htmlFiles(clientDir) : []) {
      for (const h of inlineScriptHashes(fs.readFileSync(file, 'utf8'))) all.add(h)
    }
    hashes = [...all].sort()
    buildHashes.set(clientDir, hashes)
  }
  return hashes
}

export interface PagePolicySources {
  scriptHashes: string[]
  /** Origins of map tiles (img-src). */
  imageOrigins: string[]
  /** Origins the realtime client connects to besides this one. */
  connectOrigins: string[]
}

/**
 * The page policy's other origins, from the settings: the map tiles' server, and `https:` when
 * browsers connect to a realtime service elsewhere (hosted Pusher). The app (src/server/site/site.ts)
 * and the front server's config (scripts/nginx-config.ts) both make them here.
 */
export function policyOrigins(settings: {
  tileUrl: string
  realtimeElsewhere: boolean
}): Omit<PagePolicySources, 'scriptHashes'> {
  let imageOrigins: string[] = []
  try {
    imageOrigins = [new URL(settings.tileUrl.replace(/\{[a-z]\}/g, 'a')).origin]
  } catch {
    imageOrigins = []
  }
  return { imageOrigins, connectOrigins: settings.realtimeElsewhere ? ['https:'] : [] }
}

/** The public pages' policy: scripts only from this origin or with a known hash. */
export function pagePolicy(sources: PagePolicySources): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${sources.scriptHashes.join(' ')}`.trim(),
    // React and Leaflet set style attributes; scripts are what the policy guards.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${sources.imageOrigins.join(' ')}`.trim(),
    `connect-src 'self' ws: wss: ${sources.connectOrigins.join(' ')}`.trim(),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The default policy: replaced by the page policy on pages; JSON, files and the admin keep it. */
const BASE_POLICY = "frame-ancestors 'none'; object-src 'none'; base-uri 'self'"

/**
 * Headers every response gets, whatever serves it (static, on demand, /api, /admin), as a flat
 * name, value list (what `writeHead` takes in one call); `policy` replaces the default one.
 */
export function commonHeaderList(site: SiteOrigins, policy = BASE_POLICY): string[] {
  return [
    'x-content-type-options',
    'nosniff',
    'x-frame-options',
    'DENY',
    'referrer-policy',
    'strict-origin-when-cross-origin',
    'permissions-policy',
    'geolocation=(self), camera=(), microphone=(), payment=()',
    'cross-origin-opener-policy',
    'same-origin',
    'content-security-policy',
    policy,
    ...(site.secure ? ['strict-transport-security', 'max-age=31536000; includeSubDomains'] : []),
  ]
}

/** Sets the common headers (see commonHeaderList) on a response. */
export function setCommonHeaders(res: ServerResponse, site: SiteOrigins): void {
  const list = commonHeaderList(site)
  for (let i = 0; i < list.length; i += 2) res.setHeader(list[i]!, list[i + 1]!)
}
