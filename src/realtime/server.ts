// Pusher Channels protocol 7 compatible server: WebSocket endpoint /app/{key} and HTTP API /apps/{id}.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { serveConnection, type Connection } from './connection'
import { createHttpApi } from './httpApi'
import { AppHub } from './hub'
import {
  CloseCode,
  PROTOCOL_VERSION,
  errorFrame,
  isValidChannelName,
  type RealtimeAppCredentials,
} from './protocol'

export type { RealtimeAppCredentials }

export interface RealtimeServerOptions {
  apps: RealtimeAppCredentials[]
  /** Seconds of client silence before the server pings; also told to clients. Default 120. */
  activityTimeoutSeconds?: number
  /** How long to wait for pusher:pong after a ping before closing with 4201. Default 30000. */
  pongTimeoutMs?: number
  /** Largest event `data`, in bytes. Default 10240, as Pusher. */
  maxEventBytes?: number
  log?: (msg: string) => void
}

export interface RealtimeServer {
  /** For http server 'upgrade' events; returns false when the path is not /app/{key} (caller then handles/destroys it) */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  /** For /apps/{id}/... HTTP API requests; returns false when the path is not under /apps/ */
  handleHttp(req: IncomingMessage, res: ServerResponse): Promise<boolean>
  /** Publish from inside the process without HTTP (same delivery as the events API) */
  publish(
    appId: string,
    channels: string[],
    event: string,
    data: unknown,
    exceptSocketId?: string,
  ): void
  connectionCount(): number
  /** Open connections, channels with subscribers and frames sent so far, over every app. */
  stats(): RealtimeStats
  close(): Promise<void>
}

export interface RealtimeStats {
  connections: number
  channels: number
  messagesSent: number
}

interface AppEntry {
  creds: RealtimeAppCredentials
  hub: AppHub
}

export function createRealtimeServer(opts: RealtimeServerOptions): RealtimeServer {
  const log = opts.log ?? ((msg: string) => console.warn(msg))
  const maxEventBytes = opts.maxEventBytes ?? 10240
  const activityTimeoutSeconds = opts.activityTimeoutSeconds ?? 120
  const pongTimeoutMs = opts.pongTimeoutMs ?? 30_000
  const apps = opts.apps.map((creds): AppEntry => ({ creds, hub: new AppHub() }))
  const byKey = new Map(apps.map((app) => [app.creds.key, app]))
  const byId = new Map(apps.map((app) => [app.creds.id, app]))
  const connections = new Set<Connection>()
  // Client frames carry at most maxEventBytes of data plus channel name and auth.
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxEventBytes + 16 * 1024 })

  const refuse = (ws: WebSocket, code: number, message: string) => {
    ws.send(errorFrame(code, message))
    ws.close(code, message)
  }

  const onConnection = (ws: WebSocket, key: string, protocol: string | null) => {
    const app = byKey.get(key)
    if (!app) return refuse(ws, CloseCode.appNotFound, `App key ${key} does not exist`)
    if (protocol === null) return refuse(ws, CloseCode.missingProtocol, 'No protocol version given')
    if (protocol !== String(PROTOCOL_VERSION)) {
      return refuse(ws, CloseCode.unsupportedProtocol, `Unsupported protocol version ${protocol}`)
    }
    const conn = serveConnection(ws, {
      app: app.creds,
      hub: app.hub,
      activityTimeoutSeconds,
      pongTimeoutMs,
      maxEventBytes,
      log,
    })
    connections.add(conn)
    ws.on('close', () => connections.delete(conn))
  }

  const handleHttp = createHttpApi({ appById: (id) => byId.get(id), maxEventBytes, log })

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const match = /^\/app\/([^/]+)$/.exec(url.pathname)
      if (!match) return false
      const protocol = url.searchParams.get('protocol')
      wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, match[1], protocol))
      return true
    },

    handleHttp,

    publish(appId, channels, event, data, exceptSocketId) {
      const app = byId.get(appId)
      if (!app) return log(`realtime: publish to unknown app ${appId}`)
      const valid = channels.filter(isValidChannelName)
      if (valid.length < channels.length) log(`realtime: publish skipped invalid channel names`)
      const text = typeof data === 'string' ? data : JSON.stringify(data ?? null)
      app.hub.publish(valid, event, text, exceptSocketId)
    },

    connectionCount: () => connections.size,

    stats: () => ({
      connections: connections.size,
      channels: apps.reduce((sum, app) => sum + app.hub.channelCount(), 0),
      messagesSent: apps.reduce((sum, app) => sum + app.hub.sent, 0),
    }),

    async close() {
      // 4200 tells clients to reconnect at once, e.g. to the next process after a restart.
      for (const conn of connections) conn.close(CloseCode.reconnect, 'Server shutting down')
      const closed = [...wss.clients].map(
        (ws) => new Promise((resolve) => ws.once('close', resolve)),
      )
      // A peer that never answers the close handshake is cut off rather than holding shutdown.
      const grace = setTimeout(() => wss.clients.forEach((ws) => ws.terminate()), 1000)
      await Promise.all(closed)
      clearTimeout(grace)
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
