import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'

import { serverNow } from '@/server/config/clock'
import { perProcess } from '@/server/perProcess'

/**
 * The public REST reads the islands make signed out (reviews pages, reaction summaries, the
 * forum, the neighbourhood lists, poll summaries, …), kept in memory per process and keyed by
 * their full path and query. Only requests without any cookie or authorization header are
 * served from it or fill it (and the signed-in reads sorted by the collections' SignedInReads: a
 * member's read answered as a reader's, or a session's own), only 200
 * JSON answers without Set-Cookie are kept, and only the routes below: an anonymous answer is
 * the same for every anonymous reader, so nothing of one user can reach another. Writes
 * announce the collections they change (src/server/http/apiChanges.ts, NOTIFY in the write's
 * transaction): every instance drops the entries that may show them.
 */

/** First path segment after /api/ → the collections its answers show (besides ALWAYS). */
const ROUTES: Record<string, string[]> = {
  reviews: ['reviews', 'reactions', 'comments', 'user-badges'],
  reactions: ['reactions'],
  comments: ['comments', 'reactions'],
  discussions: ['discussions', 'reactions', 'comments'],
  polls: ['polls', 'poll-votes', 'reactions', 'comments'],
  stories: ['stories', 'reactions', 'comments'],
  events: ['events', 'event-rsvps', 'reactions', 'comments'],
  neighbourhoods: ['neighbourhoods', 'reviews'],
  'local-businesses': ['local-businesses', 'business-badges'],
  'business-badges': ['business-badges', 'local-businesses'],
  'user-badges': ['user-badges'],
  forum: ['discussions', 'events', 'stories', 'polls'],
  'new-posts': ['market-items', 'lost-found-posts', 'safety-alerts'],
  'top-reviewers': ['reviews', 'reactions'],
  pages: ['pages'],
  // Signed-out searches: every searched collection (people are users, in ALWAYS).
  search: [
    'search-index',
    'stories',
    'discussions',
    'events',
    'polls',
    'local-businesses',
    'reviews',
    'safety-alerts',
    'lost-found-posts',
    'market-items',
  ],
}
/** Populated authors and images, and the places everything belongs to. */
const ALWAYS = ['users', 'media', 'neighbourhoods']

/** Headers of a kept answer that a hit repeats (CORS and the rest are set per request). */
const KEPT_HEADERS = ['content-type', 'content-language']
export const CACHE_STATUS_HEADER = 'x-belong-cache'
/**
 * Some answers change with time alone, with no write to announce it (a badge or event that
 * expires, a poll that closes): an entry is kept at most this long by the server's clock.
 */
export const MAX_AGE_MS = 60_000

interface Entry {
  status: number
  headers: [string, string][]
  body: Buffer
  bytes: number
  tags: string[]
  storedAt: number
}

interface Pending {
  key: string
  tags: string[]
  generation: number
  /** Signed out, cache on: the answer may be kept. */
  keepable: boolean
}

const VARY = 'Cookie, Authorization'

/**
 * Whose answer a signed-in read of a route gets: any reader's ('reader': exactly a signed-out
 * request's), one session's own (`{ session }`, a key naming it, its session found live), or
 * unknown (null: Payload's check answers it, and nothing is kept).
 */
export type SignedInAnswer = 'reader' | { session: string } | null
export type WhoseAnswer = (
  pathname: string,
  headers: IncomingHttpHeaders,
) => Promise<SignedInAnswer>

/**
 * Whose answer signed-in reads get, as the collections say (handed to the site's route table at
 * start): by route (the first segment after /api/), and for every other cached route (members).
 */
export interface SignedInReads {
  routes: Record<string, WhoseAnswer>
  members?: WhoseAnswer
}

export class ReadCache {
  /** Least recently used first out, by size (lru-cache); null while the cache is off. */
  private entries: LRUCache<string, Entry> | null = null
  private readonly byTag = new Map<string, Set<string>>()
  private readonly pending = new WeakMap<IncomingMessage, Pending>()
  private generation = 0
  /** How often each collection was announced changed, and everything dropped (sharedAnswer). */
  private readonly changes = new Map<string, number>()
  private clears = 0
  /** Signed-in reads answered as their session's own: the key their answers are kept under. */
  private readonly sessionOf = new WeakMap<IncomingMessage, string>()

  /** Off until the process listens for changes (src/server/process/regeneration.ts): never stale by silence. */
  enable(maxBytes: number): void {
    this.clear()
    this.entries = maxBytes
      ? new LRUCache<string, Entry>({
          maxSize: maxBytes,
          // One answer may take at most an eighth of the room.
          maxEntrySize: maxBytes / 8,
          sizeCalculation: (entry, key) => entry.bytes + key.length,
          dispose: (entry, key) => this.untag(key, entry),
        })
      : null
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries?.size ?? 0, bytes: this.entries?.calculatedSize ?? 0 }
  }

  /**
   * Before the request runs: answers it from the cache (true), or remembers that its answer may
   * be kept. Every API GET answer of a cached route varies on Cookie and Authorization.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const route = routeOf(req)
    if (!route) return false
    const session = this.sessionOf.get(req)
    const signedOut = !req.headers.cookie && !req.headers.authorization
    // A URL starts with '/': no session's key is a reader's.
    const key = session === undefined ? req.url! : `@${session} ${req.url!}`
    const keepable = Boolean(this.entries && (signedOut || session !== undefined))
    // A hit becomes the most recently used.
    let entry = keepable ? this.entries?.get(key) : undefined
    // The age is the server's clock (tests move it), not lru-cache's own timer.
    if (entry && serverNow().getTime() - entry.storedAt > MAX_AGE_MS) {
      this.entries?.delete(key)
      entry = undefined
    }
    if (!entry) {
      res.setHeader(CACHE_STATUS_HEADER, keepable ? 'miss' : 'bypass')
      this.pending.set(req, { key, tags: route, generation: this.generation, keepable })
      return false
    }
    res.setHeader(CACHE_STATUS_HEADER, 'hit')
    res.setHeader('vary', VARY)
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    res.writeHead(entry.status, { 'content-length': entry.bytes })
    res.end(req.method === 'HEAD' ? undefined : entry.body)
    return true
  }

  /**
   * Before serve(): a signed-in read whose route says its answer is any reader's loses its
   * credentials, so that it is answered like a reader's, from the kept answers, with no session
   * check. One that is its session's own keeps them (on a miss Payload signs it in as usual) and
   * its answer is kept for that session alone.
   */
  async sortSignedIn(req: IncomingMessage, reads: SignedInReads): Promise<void> {
    if (!req.headers.cookie && !req.headers.authorization) return
    const url = req.url ?? ''
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith('/api/')) return
    const route = routeNameOf(url)
    const own = Object.hasOwn(reads.routes, route) ? reads.routes[route] : undefined
    const check = own ?? (tagsOf(route) ? reads.members : undefined)
    const whose = check ? await check(url.split(/[?#]/, 1)[0]!, req.headers) : null
    if (whose === 'reader') {
      delete req.headers.cookie
      delete req.headers.authorization
    } else if (whose) this.sessionOf.set(req, whose.session)
  }

  /**
   * Whether the answer to this request may be kept (a signed-out or own-session miss). A kept
   * answer outlives a read replica's lag, so the server reads it on the primary
   * (src/server/site/site.ts).
   */
  mayKeep(req: IncomingMessage): boolean {
    return this.pending.get(req)?.keepable === true
  }

  /**
   * After the request ran: keeps a cacheable answer, unless a change was announced meanwhile
   * (the answer may predate it). Returns the answer to send (its body read once, when kept).
   */
  async keep(req: IncomingMessage, response: Response): Promise<Response> {
    const pending = this.pending.get(req)
    if (!pending) return response
    this.pending.delete(req)
    const vary = response.headers.get('vary')
    const headers = new Headers(response.headers)
    headers.set('vary', vary ? `${vary}, ${VARY}` : VARY)
    const type = response.headers.get('content-type') ?? ''
    const keep =
      pending.keepable &&
      req.method === 'GET' &&
      response.status === 200 &&
      type.includes('json') &&
      !response.headers.has('set-cookie')
    if (!keep) {
      // Payload's answers have mutable headers; one that has not keeps its own.
      try {
        response.headers.set('vary', headers.get('vary')!)
      } catch {
        // (immutable headers: the answer goes out without the Vary)
      }
      return response
    }
    const body = Buffer.from(await response.arrayBuffer())
    if (pending.generation === this.generation) this.put(pending, response, body)
    return new Response(body, { status: response.status, headers })
  }

  /**
   * What this process knows of the collections a route shows, as a string that changes whenever
   * one of them is announced changed or everything is dropped; null while the cache is off (it
   * is on only once changes are listened for).
   */
  stamp(route: string): string | null {
    return this.stampOf(tagsOf(route) ?? [])
  }

  /** As stamp(), for the collections named. */
  stampOf(tags: string[]): string | null {
    if (!this.entries) return null
    return `${this.clears}:${tags.map((tag) => this.changes.get(tag) ?? 0).join('.')}`
  }

  /** A collection changed ('resync': changes may have been missed, so everything goes). */
  invalidate(slug: string): void {
    this.generation++
    if (slug === 'resync' || slug === '*') return this.clear()
    this.changes.set(slug, (this.changes.get(slug) ?? 0) + 1)
    for (const key of [...(this.byTag.get(slug) ?? [])]) this.entries?.delete(key)
  }

  clear(): void {
    this.generation++
    this.clears++
    this.entries?.clear()
    this.byTag.clear()
  }

  private put(pending: Pending, response: Response, body: Buffer): void {
    if (!this.entries) return
    const headers: [string, string][] = []
    for (const name of KEPT_HEADERS) {
      const value = response.headers.get(name)
      if (value) headers.push([name, value])
    }
    const entry: Entry = {
      status: 200,
      headers,
      body,
      bytes: body.length,
      tags: pending.tags,
      storedAt: serverNow().getTime(),
    }
    // Replacing an entry disposes the old one (and its tags) first.
    this.entries.set(pending.key, entry)
    if (this.entries.peek(pending.key) !== entry) return // larger than an entry may be
    for (const tag of pending.tags) {
      const keys = this.byTag.get(tag) ?? new Set()
      keys.add(pending.key)
      this.byTag.set(tag, keys)
    }
  }

  /** An entry left (evicted, replaced, expired or invalidated): its tags forget it. */
  private untag(key: string, entry: Entry): void {
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag)
      keys?.delete(key)
      if (keys && !keys.size) this.byTag.delete(tag)
    }
  }
}

/** The collections a cacheable read shows, or undefined when it is not one. */
function routeOf(req: IncomingMessage): string[] | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined
  const url = req.url ?? ''
  if (!url.startsWith('/api/')) return undefined
  return tagsOf(routeNameOf(url))
}

/** An API path's first segment after /api/ ('search' for /api/search/suggest?q=). */
const routeNameOf = (url: string) => url.slice(5).split(/[/?#]/, 1)[0]!

/** The collections the answers of a route (the first segment after /api/) show. */
function tagsOf(route: string): string[] | undefined {
  const own = Object.hasOwn(ROUTES, route) ? ROUTES[route] : undefined
  return own && [...new Set([...own, ...ALWAYS])]
}

/** One per process (src/server/perProcess.ts): the hooks may run from another bundle copy. */
export function apiReadCache(): ReadCache {
  return perProcess('readCache', () => new ReadCache())
}
