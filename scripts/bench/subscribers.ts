import PusherClient from 'pusher-js'

export interface Subscribers {
  clients: PusherClient[]
  /** Every event that reached a subscriber, by channel, in arrival order. */
  onEvent: (listener: (channel: string, event: string, data: unknown) => void) => void
  close: () => void
}

/** How long a hundred subscriptions may take before the bench gives up (it must end by itself). */
const SUBSCRIBE_MS = 60_000

async function inTime(subscribed: Promise<unknown>, clients: PusherClient[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      clients.forEach((client) => client.disconnect())
      reject(new Error(`${clients.length} sockets: subscriptions not answered in time`))
    }, SUBSCRIBE_MS)
  })
  try {
    await Promise.race([subscribed, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `count` pusher-js clients on the Pusher-protocol server at host:port (nginx's `/app/` or the
 * realtime role itself), client i subscribed to `channelOf(i)`; resolves once every
 * subscription succeeded. Connections are opened a hundred at a time, as a crowd arrives.
 */
export async function openSubscribers(
  key: string,
  host: string,
  port: number,
  count: number,
  channelOf: (i: number) => string,
): Promise<Subscribers> {
  const listeners: ((channel: string, event: string, data: unknown) => void)[] = []
  const clients: PusherClient[] = []
  const subscribed: Promise<void>[] = []
  for (let i = 0; i < count; i++) {
    const client = new PusherClient(key, {
      cluster: 'local',
      wsHost: host,
      wsPort: port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
    })
    const name = channelOf(i)
    const channel = client.subscribe(name)
    subscribed.push(
      new Promise((resolve) => channel.bind('pusher:subscription_succeeded', resolve)),
    )
    channel.bind_global((event: string, data: unknown) => {
      if (!event.startsWith('pusher:'))
        for (const listener of listeners) listener(name, event, data)
    })
    clients.push(client)
    if (i % 100 === 99) await inTime(Promise.all(subscribed.slice(i - 99)), clients)
  }
  await inTime(Promise.all(subscribed), clients)
  return {
    clients,
    onEvent: (listener) => listeners.push(listener),
    close: () => clients.forEach((client) => client.disconnect()),
  }
}
