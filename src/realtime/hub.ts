// Channel membership and delivery for one app: who is subscribed where, presence members, fan-out.
import { channelKind, encodeFrame } from './protocol'

/** One connected socket as the hub sees it. */
export interface Subscriber {
  readonly socketId: string
  /** Channel name → presence user id (undefined on public/private channels). */
  readonly channels: Map<string, string | undefined>
  send(text: string): void
}

export interface PresenceMember {
  id: string
  info: unknown
}

interface ChannelState {
  subscribers: Set<Subscriber>
  /** Presence only: one member per user id, however many sockets that user has open. */
  members: Map<string, { info: unknown; sockets: Set<Subscriber> }>
}

export interface ChannelStats {
  subscriptionCount: number
  userCount?: number
}

/** Channels whose last publication the hub remembers (the oldest are forgotten first). */
const REMEMBERED_CHANNELS = 100_000

export class AppHub {
  private readonly channels = new Map<string, ChannelState>()
  /** Frames sent to subscribers (published and relayed events), for the metrics. */
  sent = 0
  /**
   * Channel → when the server last published on it (ms) and each event's last time there, least
   * recent channel first: a subscriber can tell whether what it listens for changed.
   */
  private readonly published = new Map<string, { at: number; events: Map<string, number> }>()
  /** Nothing is known before this: the hub's start, or the newest publication it forgot. */
  private knownSince = Date.now()

  /** Adds the subscriber (and presence member) and answers with subscription_succeeded. */
  subscribe(sub: Subscriber, name: string, member?: PresenceMember): void {
    const channel = this.channels.get(name) ?? { subscribers: new Set(), members: new Map() }
    this.channels.set(name, channel)
    if (!channel.subscribers.has(sub)) {
      if (member) this.join(channel, name, sub, member)
      channel.subscribers.add(sub)
      sub.channels.set(name, member?.id)
    }
    // quiet_since: no event was published on the channel after this time (ms). A subscriber whose
    // data is newer need not read it again (widgets/lib/realtime.ts); hosted Pusher omits it.
    // quiet_events names each event's last time; one not named was last sent at or before
    // quiet_base, so a subscriber re-reads only when an event it listens for came after its data.
    const data =
      channelKind(name) === 'presence'
        ? { presence: presencePayload(channel) }
        : {
            quiet_since: this.quietSince(name),
            quiet_events: Object.fromEntries(this.published.get(name)?.events ?? []),
            quiet_base: this.knownSince,
          }
    sub.send(encodeFrame({ event: 'pusher_internal:subscription_succeeded', channel: name, data }))
  }

  unsubscribe(sub: Subscriber, name: string): void {
    const channel = this.channels.get(name)
    if (!channel || !channel.subscribers.delete(sub)) return
    const userId = sub.channels.get(name)
    sub.channels.delete(name)
    if (userId !== undefined) this.leave(channel, name, sub, userId)
    if (channel.subscribers.size === 0) this.channels.delete(name)
  }

  unsubscribeAll(sub: Subscriber): void {
    for (const name of [...sub.channels.keys()]) this.unsubscribe(sub, name)
  }

  /** Fans an event out to every subscriber of each channel, skipping the excluded socket. */
  publish(channels: string[], event: string, data: string, exceptSocketId?: string): void {
    for (const name of channels) {
      this.remember(name, event)
      const channel = this.channels.get(name)
      if (!channel) continue
      const text = encodeFrame({ event, channel: name, data })
      for (const sub of channel.subscribers) {
        if (sub.socketId !== exceptSocketId) {
          sub.send(text)
          this.sent++
        }
      }
    }
  }

  /** Relays a client event to the channel's other subscribers, never back to the sender. */
  relayClientEvent(sender: Subscriber, name: string, event: string, data: unknown): void {
    const channel = this.channels.get(name)
    if (!channel) return
    const userId = sender.channels.get(name)
    const frame = { event, channel: name, data, ...(userId !== undefined && { user_id: userId }) }
    // Client data is passed through as sent (object or string), as Pusher does.
    const text = JSON.stringify(frame)
    for (const sub of channel.subscribers)
      if (sub !== sender) {
        sub.send(text)
        this.sent++
      }
  }

  /** When the channel last had an event published, or since when nothing is known. */
  quietSince(name: string): number {
    return this.published.get(name)?.at ?? this.knownSince
  }

  private remember(name: string, event: string) {
    const now = Date.now()
    const record = this.published.get(name) ?? { at: now, events: new Map<string, number>() }
    record.at = now
    record.events.set(event, now)
    this.published.delete(name)
    this.published.set(name, record)
    if (this.published.size <= REMEMBERED_CHANNELS) return
    const [oldest, { at }] = this.published.entries().next().value!
    this.published.delete(oldest)
    this.knownSince = Math.max(this.knownSince, at)
  }

  stats(name: string): ChannelStats | undefined {
    const channel = this.channels.get(name)
    if (!channel) return undefined
    const presence = channelKind(name) === 'presence'
    return {
      subscriptionCount: channel.subscribers.size,
      ...(presence && { userCount: channel.members.size }),
    }
  }

  channelCount(): number {
    return this.channels.size
  }

  channelNames(): string[] {
    return [...this.channels.keys()]
  }

  userIds(name: string): string[] {
    return [...(this.channels.get(name)?.members.keys() ?? [])]
  }

  private join(channel: ChannelState, name: string, sub: Subscriber, member: PresenceMember): void {
    const existing = channel.members.get(member.id)
    if (existing) {
      existing.sockets.add(sub)
      return
    }
    channel.members.set(member.id, { info: member.info, sockets: new Set([sub]) })
    const data = {
      user_id: member.id,
      ...(member.info !== undefined && { user_info: member.info }),
    }
    const text = encodeFrame({ event: 'pusher_internal:member_added', channel: name, data })
    for (const other of channel.subscribers) other.send(text)
  }

  private leave(channel: ChannelState, name: string, sub: Subscriber, userId: string): void {
    const member = channel.members.get(userId)
    if (!member) return
    member.sockets.delete(sub)
    if (member.sockets.size > 0) return
    channel.members.delete(userId)
    const data = { user_id: userId }
    const text = encodeFrame({ event: 'pusher_internal:member_removed', channel: name, data })
    for (const other of channel.subscribers) other.send(text)
  }
}

function presencePayload(channel: ChannelState) {
  const hash: Record<string, unknown> = {}
  for (const [id, member] of channel.members) hash[id] = member.info ?? null
  return { ids: Object.keys(hash), hash, count: channel.members.size }
}
