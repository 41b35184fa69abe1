// One WebSocket client: handshake, heartbeat, subscriptions and client events.
import type { WebSocket } from 'ws'
import type { AppHub, Subscriber } from './hub'
import {
  CloseCode,
  channelKind,
  decodeFrame,
  encodeFrame,
  errorFrame,
  frameData,
  isValidChannelName,
  newSocketId,
  type Frame,
} from './protocol'
import { channelAuth, safeEqual } from './signature'
import type { RealtimeAppCredentials } from './protocol'

export interface ConnectionOptions {
  app: RealtimeAppCredentials
  hub: AppHub
  activityTimeoutSeconds: number
  pongTimeoutMs: number
  maxEventBytes: number
  log: (msg: string) => void
}

export interface Connection extends Subscriber {
  close(code: number, reason: string): void
}

export function serveConnection(ws: WebSocket, opts: ConnectionOptions): Connection {
  const { hub } = opts
  const conn: Connection = {
    socketId: newSocketId(),
    channels: new Map(),
    send: (text) => {
      if (ws.readyState === ws.OPEN) ws.send(text)
    },
    close: (code, reason) => ws.close(code, reason),
  }

  // Silence for activity_timeout → we ping; no answer within pongTimeoutMs → close 4201.
  let pongTimer: NodeJS.Timeout | undefined
  const activityTimer = setTimeout(() => {
    conn.send(encodeFrame({ event: 'pusher:ping', data: {} }))
    pongTimer = setTimeout(() => {
      ws.close(CloseCode.pongNotReceived, 'Pong reply not received')
    }, opts.pongTimeoutMs).unref()
  }, opts.activityTimeoutSeconds * 1000).unref()

  const onActivity = () => {
    clearTimeout(pongTimer)
    activityTimer.refresh()
  }

  ws.on('message', (raw, isBinary) => {
    onActivity()
    const frame = isBinary ? null : decodeFrame(raw.toString())
    if (!frame) {
      conn.send(errorFrame(null, 'Invalid message: expected a JSON object with an event'))
      return
    }
    handleFrame(conn, frame, opts)
  })
  ws.on('pong', onActivity)
  ws.on('close', () => {
    clearTimeout(activityTimer)
    clearTimeout(pongTimer)
    hub.unsubscribeAll(conn)
  })
  ws.on('error', (err) => opts.log(`realtime: socket ${conn.socketId} error: ${err.message}`))

  const established = { socket_id: conn.socketId, activity_timeout: opts.activityTimeoutSeconds }
  conn.send(encodeFrame({ event: 'pusher:connection_established', data: established }))
  return conn
}

function handleFrame(conn: Connection, frame: Frame, opts: ConnectionOptions): void {
  switch (frame.event) {
    case 'pusher:ping':
      conn.send(encodeFrame({ event: 'pusher:pong', data: {} }))
      return
    case 'pusher:pong':
      return
    case 'pusher:subscribe':
      subscribe(conn, frameData(frame), opts)
      return
    case 'pusher:unsubscribe': {
      const { channel } = frameData(frame)
      if (typeof channel === 'string') opts.hub.unsubscribe(conn, channel)
      return
    }
  }
  if (frame.event.startsWith('client-')) clientEvent(conn, frame, opts)
  // Other pusher: events (e.g. signin) are not supported; Pusher ignores unknown ones too.
}

function subscribe(conn: Connection, data: Record<string, unknown>, opts: ConnectionOptions): void {
  const { channel, auth, channel_data: channelData } = data
  if (!isValidChannelName(channel)) {
    const message = 'Invalid channel name: use [A-Za-z0-9_-=@,.;], at most 200 characters'
    conn.send(errorFrame(null, message))
    return
  }
  const fail = (error: string) =>
    conn.send(
      encodeFrame({
        event: 'pusher:subscription_error',
        channel,
        data: { type: 'AuthError', error, status: 401 },
      }),
    )

  const kind = channelKind(channel)
  if (kind === 'public') return opts.hub.subscribe(conn, channel)

  if (typeof auth !== 'string') return fail(`Missing auth for ${kind} channel ${channel}`)
  if (kind === 'presence' && typeof channelData !== 'string') {
    return fail('Missing channel_data for presence channel')
  }
  // Private channels sign socket:channel only, even if the client sent channel_data.
  const signedData = kind === 'presence' ? (channelData as string) : undefined
  const { key, secret } = opts.app
  const expected = channelAuth(key, secret, conn.socketId, channel, signedData)
  if (!safeEqual(auth, expected)) return fail('Invalid signature')

  if (signedData === undefined) return opts.hub.subscribe(conn, channel)

  const member = parseMember(signedData)
  if (!member) return fail('channel_data must be JSON with a user_id')
  opts.hub.subscribe(conn, channel, member)
}

function parseMember(channelData: string): { id: string; info: unknown } | null {
  try {
    const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown }
    const id = parsed.user_id
    if ((typeof id !== 'string' || id === '') && typeof id !== 'number') return null
    return { id: String(id), info: parsed.user_info }
  } catch {
    return null
  }
}

/** Pusher's limit: at most 10 client events per second per connection (error 4301 beyond). */
export const CLIENT_EVENTS_PER_SECOND = 10
const clientEventTimes = new WeakMap<Connection, number[]>()

function overClientEventRate(conn: Connection): boolean {
  const now = Date.now()
  const recent = (clientEventTimes.get(conn) ?? []).filter((t) => now - t < 1000)
  const over = recent.length >= CLIENT_EVENTS_PER_SECOND
  if (!over) recent.push(now)
  clientEventTimes.set(conn, recent)
  return over
}

function clientEvent(conn: Connection, frame: Frame, opts: ConnectionOptions): void {
  const { channel } = frame
  if (!channel || channelKind(channel) === 'public') {
    const message = 'Client event rejected - only supported on private and presence channels'
    conn.send(errorFrame(null, message))
    return
  }
  if (channel.startsWith('private-encrypted-')) {
    conn.send(errorFrame(null, 'Client event rejected - not supported on encrypted channels'))
    return
  }
  if (!conn.channels.has(channel)) {
    conn.send(errorFrame(null, `Client event rejected - not subscribed to ${channel}`))
    return
  }
  const size = Buffer.byteLength(
    typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data ?? null),
  )
  if (size > opts.maxEventBytes) {
    conn.send(errorFrame(null, `Client event rejected - data over ${opts.maxEventBytes} bytes`))
    return
  }
  if (overClientEventRate(conn)) {
    conn.send(errorFrame(4301, 'Client event rejected due to rate limit'))
    return
  }
  opts.hub.relayClientEvent(conn, channel, frame.event, frame.data)
}
