/**
 * services/ — the outside services the product talks to, each behind an environment setting with
 * a working local default: live pushes over the Pusher protocol (realtime, realtimeEndpoints),
 * e-mail (email), place search (geocode) and the CDN's purges (cdnPurge). Nothing here reads the
 * database or the site.
 */
import Pusher from 'pusher'

import { env } from '@/server/config/env'
export { publicRealtimeConfig } from '@/server/config/realtimeConfig'
import { countPush } from '@/server/observability/metrics'

/** Every live channel of the product, named in one place (docs/data-model.md, 'Live channels', lists them). */
export const channels = {
  neighbourhood: (id: string | number) => `neighbourhood-${id}`,
  userPrivate: (id: string | number) => `private-user-${id}`,
  /** Local spots of one neighbourhood (business.created / updated / deleted). */
  localSpots: (neighbourhoodId: string | number) => `local-spots-${neighbourhoodId}`,
  /** Every public event (the /event list). */
  events: 'events',
  /** RSVP counts of one event. */
  event: (id: string | number) => `event-${id}`,
  /** Discussions of the community forum. */
  forum: 'forum',
  /** Vote counts of one poll. */
  poll: (id: string | number) => `poll-${id}`,
  /** Reactions and comments on one market item, lost and found post or safety alert. */
  marketItem: (id: string | number) => `market-item-${id}`,
  lostFound: (id: string | number) => `lost-found-${id}`,
  safetyAlert: (id: string | number) => `safety-alert-${id}`,
}

let client: Pusher | undefined
let localPort: number | undefined

/** The in-repo server listens on the site's own port; the host tells us which once known. */
export function useLocalRealtimePort(port: number): void {
  localPort = port
  client = undefined
}

export function pusherServer(): Pusher {
  if (client) return client
  const p = env.pusher
  const host = p.host ?? (p.external ? undefined : '127.0.0.1')
  const port = p.port ?? (p.external ? undefined : (localPort ?? env.port))
  client = new Pusher({
    appId: p.appId,
    key: p.key,
    secret: p.secret,
    ...(host
      ? { host, port: port === undefined ? undefined : String(port) }
      : { cluster: p.cluster }),
    useTLS: p.useTLS,
    // A realtime server that hangs must not keep pushes pending for minutes: give up, log it.
    timeout: 5000,
  })
  return client
}

/** Store first, push second: callers publish after the commit; a lost push is only logged. */
export async function publish(channel: string, event: string, data: unknown): Promise<void> {
  try {
    await pusherServer().trigger(channel, event, data)
    countPush('sent')
  } catch (error) {
    countPush('failed')
    console.warn(`[realtime] publish ${event} on ${channel} failed:`, (error as Error).message)
  }
}

/** Many pushes in Pusher's batches of ten (one request each): a fan-out to thousands of members. */
export async function publishMany(
  events: { channel: string; name: string; data: unknown }[],
): Promise<void> {
  for (let i = 0; i < events.length; i += 10) {
    const batch = events.slice(i, i + 10).map((e) => ({ ...e, data: e.data as object }))
    try {
      await pusherServer().triggerBatch(batch)
      countPush('sent', batch.length)
    } catch (error) {
      countPush('failed', batch.length)
      console.warn(`[realtime] batch of ${batch.length} failed:`, (error as Error).message)
    }
  }
}
