import { atom } from 'nanostores'
import Pusher from 'pusher-js'
import { useEffect, useRef } from 'react'

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

export function realtimeClient(): Promise<Pusher> {
  client ??= fetch('/api/realtime/config')
    .then((r) => r.json() as Promise<RealtimeConfig>)
    .then((config) => {
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
        channelAuthorization: { endpoint: '/api/realtime/auth', transport: 'ajax' },
      })
      pusher.connection.bind('state_change', ({ current }: { current: string }) =>
        $realtimeState.set(current),
      )
      return pusher
    })
  return client
}

type Handlers = Record<string, (data: unknown) => void>

/**
 * Subscribe an island to a channel. `onResync` runs after a reconnect, because Pusher does not
 * replay what was sent while the socket was down: the island re-reads what it shows.
 */
export function useChannel(channel: string | null, handlers: Handlers, onResync?: () => void) {
  const latest = useRef({ handlers, onResync })
  latest.current = { handlers, onResync }
  useEffect(() => {
    if (!channel) return
    let cancelled = false
    let cleanup = () => {}
    void realtimeClient().then((pusher) => {
      if (cancelled) return
      const sub = pusher.subscribe(channel)
      const names = Object.keys(latest.current.handlers)
      const bound = names.map((name) => {
        const fn = (data: unknown) => latest.current.handlers[name]?.(data)
        sub.bind(name, fn)
        return [name, fn] as const
      })
      let wasConnected = pusher.connection.state === 'connected'
      const onState = ({ current }: { current: string }) => {
        if (current === 'connected' && !wasConnected) latest.current.onResync?.()
        wasConnected = current === 'connected'
      }
      pusher.connection.bind('state_change', onState)
      cleanup = () => {
        for (const [name, fn] of bound) sub.unbind(name, fn)
        pusher.connection.unbind('state_change', onState)
        pusher.unsubscribe(channel)
      }
    })
    return () => {
      cancelled = true
      cleanup()
    }
  }, [channel])
}
