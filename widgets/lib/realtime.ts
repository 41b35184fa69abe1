import { atom } from 'nanostores'
import type Pusher from 'pusher-js'
import { useEffect, useRef } from 'react'
import { routes } from '@/contracts/routes'
import { send } from './client'

/** Connection state shared by every island (one socket per page). */
export const $realtimeState = atom<string>('initialized')

interface RealtimeConfig {
  key: string
  cluster: string
  wsHost: string | null
  wsPort: number | null
  forceTLS: boolean | null
}

let client: Promise<Pusher> | undefined

/**
 * The realtime settings the page was written with (Shell's `belong:realtime` meta): no request
 * for them. A page without it (none of ours) asks the API.
 */
function pageRealtimeConfig(): Promise<RealtimeConfig> {
  const meta =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>('meta[name="belong:realtime"]')
  if (meta) return Promise.resolve(JSON.parse(meta.content) as RealtimeConfig)
  return send('realtime.config', {})
}

/**
 * Resolves once the page has loaded and the browser has had an idle moment: the live connection is
 * not part of the page's load (its script, its socket and its first messages would otherwise
 * compete with the islands' hydration). What changes meanwhile is not lost: each subscriber
 * re-reads once its subscription is made (see subscribeChannel).
 */
function pageIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(() => resolve(), { timeout: 3000 })
        : setTimeout(resolve, 200)
    // Outside a page (the fault tests run this module in Node) there is nothing to wait for.
    if (typeof document === 'undefined') resolve()
    else if (document.readyState === 'complete') idle()
    else {
      addEventListener('load', idle, { once: true })
      // A slow image (the load event waits for it) must not hold the connection back for long.
      setTimeout(idle, 5000)
    }
  })
}

/**
 * The page's one Pusher client, made on the first subscription once the page is idle: pusher-js
 * itself loads then (a dynamic import), so a page that never subscribes never downloads it.
 */
export function realtimeClient(): Promise<Pusher> {
  client ??= pageIdle()
    .then(() => Promise.all([pageRealtimeConfig(), import('pusher-js').then((m) => m.default)]))
    // The client connects in a task of its own, apart from the script's evaluation.
    .then((loaded) => new Promise<typeof loaded>((resolve) => setTimeout(() => resolve(loaded))))
    .then(([config, Pusher]) => {
      const secure = config.forceTLS ?? location.protocol === 'https:'
      const port = config.wsPort ?? Number(location.port || (secure ? 443 : 80))
      const pusher = new Pusher(config.key, {
        cluster: config.cluster,
        wsHost: config.wsHost ?? location.hostname,
        wsPort: port,
        wssPort: port,
        forceTLS: secure,
        enabledTransports: ['ws', 'wss'],
        disableStats: true,
        channelAuthorization: { endpoint: routes['realtime.auth'][1], transport: 'ajax' },
      })
      pusher.connection.bind('state_change', ({ current }: { current: string }) =>
        $realtimeState.set(current),
      )
      return pusher
    })
  return client
}

type Handlers = Record<string, (data: unknown) => void>

/** How many subscribers each channel has: the page keeps one Pusher subscription per channel. */
const subscribers = new Map<string, number>()

/**
 * What the page knows of each subscribed channel: since when the server has published nothing on
 * it, and each event's last time (sent with subscription_succeeded by our realtime server; hosted
 * Pusher sends nothing), and which events have arrived since.
 */
interface Quiet {
  since: number | null
  /** Each event's last time; an event not named was last sent at or before `base`. */
  events: Record<string, number> | null
  base: number | null
  seen: Set<string>
}
const quiet = new Map<string, Quiet>()

/** Clocks of the machine that rendered and the realtime server's may differ by this much. */
const CLOCK_SKEW_MS = 2000

/** When the page's HTML was rendered (src/layouts/Shell.astro), or undefined. */
export function pageRenderedAt(): number | undefined {
  if (typeof document === 'undefined') return undefined
  const stamp = Number(
    document.querySelector('meta[name="belong:rendered-at"]')?.getAttribute('content'),
  )
  return Number.isFinite(stamp) && stamp > 0 ? stamp : undefined
}

/**
 * Nothing a subscriber listens for (`events`; all of the channel's when it names none) was
 * published on the channel after its data, read at `asOf` (server ms), was read.
 */
function unchangedSince(channel: string, asOf: number | undefined, events: string[]): boolean {
  const state = quiet.get(channel)
  if (asOf === undefined || !state || state.since === null) return false
  const before = (at: number) => at < asOf - CLOCK_SKEW_MS
  if (!events.length || !state.events || state.base === null)
    return state.seen.size === 0 && before(state.since)
  return events.every((e) => !state.seen.has(e) && before(state.events![e] ?? state.base!))
}

const numberOr = (value: unknown) => (typeof value === 'number' ? value : null)

function trackQuiet(channel: string, sub: ReturnType<Pusher['subscribe']>) {
  quiet.set(channel, { since: null, events: null, base: null, seen: new Set() })
  sub.bind('pusher:subscription_succeeded', (data: unknown) => {
    const sent = (data ?? {}) as {
      quiet_since?: unknown
      quiet_events?: unknown
      quiet_base?: unknown
    }
    const events = sent.quiet_events
    quiet.set(channel, {
      since: numberOr(sent.quiet_since),
      events: events && typeof events === 'object' ? (events as Record<string, number>) : null,
      base: numberOr(sent.quiet_base),
      seen: new Set(),
    })
  })
  sub.bind_global((event: string) => {
    if (!event.startsWith('pusher')) quiet.get(channel)?.seen.add(event)
  })
}

export interface SubscribeOptions {
  /**
   * When the server read the data the subscriber shows (ms), or a promise of it while that read
   * is under way: its first re-read is skipped when nothing was published on the channel since.
   * Defaults to the page's render time.
   */
  dataAsOf?: () => number | undefined | Promise<number | undefined>
}

/** When the latest applied count of each counted thing was taken (see latestCounts). */
const countedAt = new Map<string, number>()

/**
 * Live counts (RSVPs, votes, reactions) carry `countedAt`, the database's clock read under the
 * counted row's lock: pushes of parallel writes may cross on the way, so the handler made here
 * passes on only a count newer than the last one of the same thing (`keyOf`).
 */
export function latestCounts<T>(
  keyOf: (data: T) => string,
  apply: (data: T) => void,
): (data: unknown) => void {
  return (data) => {
    const counted = data as T
    const key = keyOf(counted)
    const at = Number((data as { countedAt?: unknown }).countedAt) || 0
    if (at && at <= (countedAt.get(key) ?? 0)) return
    if (at) countedAt.set(key, at)
    apply(counted)
  }
}

/**
 * Subscribe to a channel outside React (stores); returns the unsubscribe function. Subscribers
 * are counted, so one leaving does not cut off the others on the same channel. `onResync` runs
 * each time the channel is subscribed: the first time (the connection starts after the page is
 * idle, so what the subscriber read before may have changed meanwhile), unless the server says
 * none of the events it listens for was published on the channel since that data was read (so a
 * page with a new comment re-reads its comments, not its reactions), and after each reconnect,
 * because Pusher does not replay what was sent while the socket was down.
 */
export function subscribeChannel(
  channel: string,
  handlers: Handlers,
  onResync?: () => void,
  { dataAsOf = pageRenderedAt }: SubscribeOptions = {},
): () => void {
  let cancelled = false
  let cleanup = () => {}
  let resynced = false
  void realtimeClient().then((pusher) => {
    if (cancelled) return
    const count = subscribers.get(channel) ?? 0
    subscribers.set(channel, count + 1)
    const sub = pusher.subscribe(channel)
    if (count === 0) trackQuiet(channel, sub)
    const bound = Object.entries(handlers).map(([name, fn]) => {
      sub.bind(name, fn)
      return [name, fn] as const
    })
    // Handlers are bound from here on: what was sent before is read again once the channel is
    // (re)subscribed, the first time (unless nothing was sent) and after each reconnect (Pusher
    // subscribes again then). Each subscriber re-reads in a task of its own: the islands of a
    // page together must not make one long task of the subscription message.
    const onSubscribed = () =>
      void setTimeout(() => {
        if (cancelled) return
        if (resynced) return onResync?.()
        resynced = true
        void Promise.resolve(dataAsOf()).then((asOf) => {
          if (!cancelled && !unchangedSince(channel, asOf, Object.keys(handlers))) onResync?.()
        })
      })
    if (sub.subscribed) onSubscribed()
    sub.bind('pusher:subscription_succeeded', onSubscribed)
    cleanup = () => {
      sub.unbind('pusher:subscription_succeeded', onSubscribed)
      for (const [name, fn] of bound) sub.unbind(name, fn)
      const left = (subscribers.get(channel) ?? 1) - 1
      if (left > 0) subscribers.set(channel, left)
      else {
        subscribers.delete(channel)
        quiet.delete(channel)
        pusher.unsubscribe(channel)
      }
    }
  })
  return () => {
    cancelled = true
    cleanup()
  }
}

/**
 * Calls `onLive` once the page's subscription to `channel` succeeds, until the returned function
 * is called. Another island may have subscribed first, its success event already passed, so the
 * client is asked too.
 */
export function whenSubscribed(channel: string, onLive: () => void): () => void {
  let stopped = false
  const release = subscribeChannel(channel, { 'pusher:subscription_succeeded': onLive })
  const check = () =>
    void realtimeClient().then((pusher) => {
      if (stopped) return
      if (pusher.channel(channel)?.subscribed) onLive()
      else setTimeout(check, 250)
    })
  check()
  return () => {
    stopped = true
    release()
  }
}

/** Subscribe an island to a channel while it is mounted (see subscribeChannel). */
export function useChannel(
  channel: string | null,
  handlers: Handlers,
  onResync?: () => void,
  options?: SubscribeOptions,
) {
  const latest = useRef({ handlers, onResync })
  latest.current = { handlers, onResync }
  useEffect(() => {
    if (!channel) return
    const names = Object.keys(latest.current.handlers)
    return subscribeChannel(
      channel,
      Object.fromEntries(
        names.map((name) => [name, (data: unknown) => latest.current.handlers[name]?.(data)]),
      ),
      () => latest.current.onResync?.(),
      options,
    )
    // The options are read once per subscription.
  }, [channel])
}
