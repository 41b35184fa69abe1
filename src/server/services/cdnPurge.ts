/**
 * A CDN in front of the site keeps each page for a day (CDN-Cache-Control, see
 * src/server/http/cacheHeaders.ts), so it is told whenever one is rewritten: every published page
 * is purged at once, and again after a delay, because the CDN refetching right after the first
 * purge may reach a machine that has not pulled the new page yet.
 */
import { setTimeout as sleep } from 'node:timers/promises'

export interface CdnPurgerOptions {
  /** Where purges are POSTed, in the body of Cloudflare's purge_cache ({"files": [...]}). */
  purgeUrl: string
  /** Sent as `Authorization: Bearer …` when set. */
  token?: string
  /** How long after its first purge a page is purged again. */
  delayMs: number
  /** The origin readers reach the site on: page paths become URLs there. */
  publicOrigin: string
  /** One line for each purge given up on. */
  log: (line: string) => void
  fetch?: typeof fetch
  /** Waits before the second and the third try (200 ms, then 1 s). */
  retryDelaysMs?: readonly number[]
  /** How long one request may take before it counts as failed (5 s). */
  timeoutMs?: number
}

export interface CdnPurger {
  /** Purges these page paths now and again after the delay; never throws, never waits. */
  purge(paths: string[]): void
  /** Purges the whole site now and again after the delay (a switched build). */
  purgeEverything(): void
  /** Resolves once nothing is waiting for its turn, its second round or an answer. */
  idle(): Promise<void>
  /**
   * Drops what is waiting and cancels timers and requests under way (shutdown). Until then a
   * purge waiting for its turn keeps the process alive (a few seconds at most).
   */
  stop(): void
}

/** Cloudflare takes at most 30 URLs in one purge. */
const URLS_PER_PURGE = 30
/** Requests under way at once: a burst of pages queues here instead of opening sockets. */
const MAX_IN_FLIGHT = 2
/** Past this many pages waiting, listing them costs more than purging everything. */
const MAX_WAITING_PATHS = 10_000

type PurgeBody = { files: string[] } | { purge_everything: true }

/** Page paths waiting to be purged together, or the whole site once there were too many. */
class Waiting {
  readonly paths = new Set<string>()
  everything = false

  get empty(): boolean {
    return !this.everything && this.paths.size === 0
  }

  /** False when the paths did not fit and it became a purge of everything. */
  add(paths: readonly string[]): boolean {
    if (this.everything) return true
    for (const path of paths) this.paths.add(path)
    if (this.paths.size <= MAX_WAITING_PATHS) return true
    this.setEverything()
    return false
  }

  setEverything(): void {
    this.everything = true
    this.paths.clear()
  }
}

/** The second purge of the pages published within one delay. */
interface SecondRound {
  waiting: Waiting
  openedAt: number
  timer?: NodeJS.Timeout
}

/** '/a/b/', 'a/b' and '/a/b' are one page, '/a/b'; the home page is '/'. */
const pagePath = (path: string) => `/${path.replace(/^\/+|\/+$/g, '')}`

export function createCdnPurger(options: CdnPurgerOptions): CdnPurger {
  const { purgeUrl, token, delayMs, log } = options
  const send = options.fetch ?? fetch
  const retryDelaysMs = options.retryDelaysMs ?? [200, 1000]
  const timeoutMs = options.timeoutMs ?? 5000
  const origin = new URL(options.publicOrigin).origin
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`

  const due = new Waiting()
  const secondRounds = new Set<SecondRound>()
  /** The round still taking pages: one opened less than a delay ago. */
  let gathering: SecondRound | undefined
  let inFlight = 0
  let idleWaiters: (() => void)[] = []
  const stopping = new AbortController()

  /** Both forms a CDN may hold a page under: https://x/a/b and https://x/a/b/ (home: https://x/). */
  const urlsOf = (path: string) => {
    const url = new URL(path, origin).href
    return path === '/' ? [url] : [url, `${url}/`]
  }

  const isIdle = () => inFlight === 0 && due.empty && secondRounds.size === 0
  const settle = () => {
    if (!isIdle()) return
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  /** Takes the next request's body off what is due. */
  const nextBody = (): PurgeBody => {
    if (due.everything) {
      due.everything = false
      return { purge_everything: true }
    }
    const files: string[] = []
    for (const path of due.paths) {
      const urls = urlsOf(path)
      if (files.length + urls.length > URLS_PER_PURGE) break
      files.push(...urls)
      due.paths.delete(path)
    }
    return { files }
  }

  const pump = () => {
    while (!stopping.signal.aborted && inFlight < MAX_IN_FLIGHT && !due.empty) {
      inFlight += 1
      void post(nextBody()).finally(() => {
        inFlight -= 1
        pump()
      })
    }
    settle()
  }

  /** One purge, tried again on no answer, a 5xx or a 429; a failure is logged, never thrown. */
  const post = async (body: PurgeBody) => {
    const what =
      'files' in body ? `${body.files.length} URLs (${body.files[0]} …)` : 'the whole site'
    for (let attempt = 1; ; attempt++) {
      let failure: string
      let retryable = true
      try {
        const response = await send(purgeUrl, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]),
        })
        const text = await response.text()
        if (response.ok) return
        failure = `answered ${response.status} ${text.replace(/\s+/g, ' ').slice(0, 200)}`.trim()
        retryable = response.status >= 500 || response.status === 429
      } catch (error) {
        if (stopping.signal.aborted) return
        // fetch's own message is a bare 'fetch failed'; the reason (ECONNREFUSED …) is its cause.
        const { message, cause } = error as Error & { cause?: Error }
        failure = `no answer (${cause?.message ?? message})`
      }
      if (!retryable || attempt > retryDelaysMs.length) {
        log(
          `cdn: purge of ${what} failed after ${attempt} ${attempt > 1 ? 'tries' : 'try'}: ${failure}`,
        )
        return
      }
      await sleep(retryDelaysMs[attempt - 1], undefined, { signal: stopping.signal }).catch(
        () => undefined,
      )
      if (stopping.signal.aborted) return
    }
  }

  /**
   * Pages join the open second round, which goes a delay after the last page joined it; a round
   * takes pages for one delay only, so none waits more than two for its second purge.
   */
  const purgeAgainLater = (add: (waiting: Waiting) => void) => {
    const now = Date.now()
    if (!gathering || now - gathering.openedAt >= delayMs) {
      gathering = { waiting: new Waiting(), openedAt: now }
      secondRounds.add(gathering)
    }
    const round = gathering
    add(round.waiting)
    clearTimeout(round.timer)
    round.timer = setTimeout(() => {
      secondRounds.delete(round)
      if (gathering === round) gathering = undefined
      // A page whose first purge has not gone yet (a long queue) is then purged once, a delay or
      // more after it was published: late enough for the other machines, which is all the
      // second round is for.
      if (round.waiting.everything) due.setEverything()
      else due.add([...round.waiting.paths])
      pump()
    }, delayMs)
  }

  return {
    purge(paths) {
      if (stopping.signal.aborted || !paths.length) return
      const pages = [...new Set(paths.map(pagePath))]
      if (!due.add(pages))
        log(`cdn: more than ${MAX_WAITING_PATHS} pages waiting to be purged: purging everything`)
      purgeAgainLater((waiting) => waiting.add(pages))
      pump()
    },
    purgeEverything() {
      if (stopping.signal.aborted) return
      due.setEverything()
      purgeAgainLater((waiting) => waiting.setEverything())
      pump()
    },
    idle() {
      if (isIdle()) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    stop() {
      stopping.abort()
      for (const round of secondRounds) clearTimeout(round.timer)
      secondRounds.clear()
      gathering = undefined
      due.paths.clear()
      due.everything = false
      settle()
    },
  }
}
