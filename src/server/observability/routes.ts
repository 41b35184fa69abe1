import fs from 'node:fs'
import path from 'node:path'

/**
 * The route template of a request (`/neighbourhood/:slug`, `/api/reviews/:id`), a metric label
 * and a log field: its values are bounded by the routes the code has, never by what clients send
 * (no ids, slugs or e-mail addresses).
 */
export type RequestKind = 'static' | 'page' | 'form' | 'api' | 'admin' | 'realtime' | 'internal'

export interface RouteOf {
  readonly kind: RequestKind
  readonly route: string
}

/** One file route of src/pages: literal segments, `:name` for [name], `*` for [...rest]. */
type Segment =
  { literal: string } | { param: string; before: string; after: string } | { rest: true }

const PAGES_DIR = path.resolve(import.meta.dirname, '..', '..', 'pages')

/** The page routes, most specific first (as Astro ranks them: literal, then [param], then [...rest]). */
export function pageRoutesOf(files: string[]): Segment[][] {
  const routes = files
    .filter((file) => /\.(astro|ts|md)$/.test(file))
    .map((file) => {
      const parts = file.replace(/\.(astro|ts|md)$/, '').split('/')
      if (parts.at(-1) === 'index') parts.pop()
      return parts.map((part): Segment => {
        const rest = /^\[\.\.\.(\w+)\]$/.exec(part)
        if (rest) return { rest: true }
        // `[part].xml` too: a parameter inside a segment.
        const param = /^([^[]*)\[(\w+)\](.*)$/.exec(part)
        return param ? { param: param[2]!, before: param[1]!, after: param[3]! } : { literal: part }
      })
    })
  const rank = (segment: Segment) => ('literal' in segment ? 0 : 'param' in segment ? 1 : 2)
  return routes.sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = rank(a[i]!) - rank(b[i]!)
      if (d) return d
    }
    return a.length - b.length
  })
}

function matches(route: Segment[], parts: string[]): boolean {
  for (let i = 0; i < route.length; i++) {
    const segment = route[i]!
    if ('rest' in segment) return true
    const part = parts[i]
    if (part === undefined) return false
    if ('literal' in segment && segment.literal !== part) return false
    if ('param' in segment) {
      const { before, after } = segment
      const fits = part.length > before.length + after.length
      if (!fits || !part.startsWith(before) || !part.endsWith(after)) return false
    }
  }
  return route.length === parts.length
}

const templateOf = (route: Segment[]) =>
  '/' +
  route
    .map((s) =>
      'literal' in s ? s.literal : 'param' in s ? `${s.before}:${s.param}${s.after}` : '*',
    )
    .join('/')

/** Files served as they are: their folder or extension, from a fixed list. */
const ASSET_FOLDERS = new Set(['_astro', 'emoji', 'fonts'])
const ASSET_EXTENSIONS = new Set(
  'js css map png jpg jpeg webp avif gif svg ico woff woff2 txt xml json webmanifest html pdf'.split(
    ' ',
  ),
)

function assetRoute(parts: string[]): string | undefined {
  const last = parts.at(-1) ?? ''
  const dot = last.lastIndexOf('.')
  if (dot <= 0) return undefined
  if (parts.length > 1 && ASSET_FOLDERS.has(parts[0]!)) return `/${parts[0]}/*`
  const extension = last.slice(dot + 1).toLowerCase()
  return ASSET_EXTENSIONS.has(extension) ? `/*.${extension}` : '/*.*'
}

/** Payload's own REST words besides the collections' (its default endpoints). */
const PAYLOAD_WORDS = [
  'access',
  'count',
  'duplicate',
  'file',
  'first-register',
  'forgot-password',
  'globals',
  'graphql',
  'init',
  'login',
  'logout',
  'me',
  'paste-url',
  'preferences',
  'refresh-token',
  'reset-password',
  'restore',
  'unlock',
  'verify',
  'versions',
]

/** What the API's route templates may name: collection and global slugs, endpoint words. */
export interface ApiWords {
  collections: { slug: string; endpoints?: unknown }[]
  globals: { slug: string; endpoints?: unknown }[]
  endpoints?: unknown
}

function wordsOf(config: ApiWords): Set<string> {
  const words = new Set(PAYLOAD_WORDS)
  const addEndpoints = (endpoints: unknown) => {
    if (!Array.isArray(endpoints)) return
    for (const endpoint of endpoints as { path?: unknown }[])
      if (typeof endpoint.path === 'string')
        for (const part of endpoint.path.split('/'))
          if (/^[a-z][\w-]*$/i.test(part)) words.add(part)
  }
  for (const { slug, endpoints } of [...config.collections, ...config.globals]) {
    words.add(slug)
    addEndpoints(endpoints)
  }
  addEndpoints(config.endpoints)
  return words
}

/** A path segment the API's template keeps: a known word, else `:id` (an id, a slug, a token). */
function apiRoute(parts: string[], words: Set<string>): string {
  const kept = parts.slice(1, 5).map((part) => (words.has(part) ? part : ':id'))
  return `/api/${kept.join('/')}${parts.length > 5 ? '/*' : ''}`.replace(/\/$/, '')
}

const INTERNAL = new Set(['/healthz', '/readyz', '/metrics'])
/** Paths seen lately and their templates: most requests repeat one, so matching is skipped. */
const MAX_REMEMBERED = 5000

/** A path's answer: the same for every request of the API, admin or realtime; by kind for pages. */
type Remembered = RouteOf | { form: RouteOf; static: RouteOf; page: RouteOf }

export class RouteTemplates {
  private readonly pages: { segments: Segment[]; template: string }[]
  private readonly words: Set<string>
  private readonly remembered = new Map<string, Remembered>()

  constructor(api: ApiWords, pageFiles: string[] = listPageFiles()) {
    this.pages = pageRoutesOf(pageFiles).map((segments) => ({
      segments,
      template: templateOf(segments),
    }))
    this.words = wordsOf(api)
  }

  /**
   * `rendered`: the site's x-belong-render answer header ('static' or 'on-demand'), if any. The
   * answer is shared between requests of a path (it runs for every request): never change it.
   */
  of(method: string, url: string, rendered?: string): RouteOf {
    const query = url.indexOf('?')
    const pathname = query === -1 ? url : url.slice(0, query)
    let known = this.remembered.get(pathname)
    if (!known) {
      known = this.templateOf(pathname)
      if (this.remembered.size >= MAX_REMEMBERED) this.remembered.clear()
      this.remembered.set(pathname, known)
    }
    if ('kind' in known) return known
    return method === 'POST' ? known.form : rendered === 'static' ? known.static : known.page
  }

  private templateOf(pathname: string): Remembered {
    if (INTERNAL.has(pathname)) return { kind: 'internal', route: pathname }
    const parts = pathname.split('/').filter(Boolean)
    const first = parts[0]
    if (first === 'api') return { kind: 'api', route: apiRoute(parts, this.words) }
    if (first === 'admin' || first === '_next') return { kind: 'admin', route: `/${first}/*` }
    if (first === 'apps' || first === 'app') return { kind: 'realtime', route: `/${first}/*` }
    const route = this.pageRoute(parts)
    return {
      form: { kind: 'form', route },
      static: { kind: 'static', route },
      page: { kind: 'page', route },
    }
  }

  private pageRoute(parts: string[]): string {
    const page = this.pages.find((p) => matches(p.segments, parts))
    // A file (a script, an image) that only a catch-all or a bare [param] matched is named by
    // its folder or extension.
    const last = page?.segments.at(-1)
    const loose = !last || 'rest' in last || ('param' in last && !last.after)
    return (loose ? assetRoute(parts) : undefined) ?? page?.template ?? 'unmatched'
  }
}

function listPageFiles(): string[] {
  try {
    return fs
      .readdirSync(PAGES_DIR, { recursive: true, encoding: 'utf8' })
      .map((file) => file.split(path.sep).join('/'))
  } catch {
    return [] // no sources beside the server: every page is 'unmatched'
  }
}
