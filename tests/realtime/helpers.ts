/**
 * Shared helpers for the realtime conformance suite. The suite talks to the server only through the
 * real SDKs: `pusher` (server SDK, HTTP API) and `pusher-js` (WebSocket client, Node build).
 *
 * Target: by default each test file starts the in-repo server (src/realtime) on a free port on
 * 127.0.0.1. To check another Pusher-compatible server instead, set all of
 *   REALTIME_TEST_HOST, REALTIME_TEST_PORT, REALTIME_TEST_APP_ID, REALTIME_TEST_KEY, REALTIME_TEST_SECRET
 * (plain ws/http, no TLS). Tests that need server settings only the in-repo server can take (a short
 * activity timeout) are skipped then.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import PusherServer from 'pusher'
import PusherClient, { type Channel, type Options } from 'pusher-js'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createRealtimeServer, type RealtimeServerOptions } from '@/realtime/server'

export const WAIT_MS = 3000

export interface Target {
  host: string
  port: number
  appId: string
  key: string
  secret: string
  stop(): Promise<void>
}

export const externalTarget = Boolean(process.env.REALTIME_TEST_HOST)

/** The server under test: the one named by environment, or a fresh in-repo one. */
export async function startTarget(overrides: Partial<RealtimeServerOptions> = {}): Promise<Target> {
  if (externalTarget) {
    const env = (name: string) => {
      const value = process.env[name]
      if (!value) throw new Error(`${name} must be set when REALTIME_TEST_HOST is`)
      return value
    }
    return {
      host: env('REALTIME_TEST_HOST'),
      port: Number(env('REALTIME_TEST_PORT')),
      appId: env('REALTIME_TEST_APP_ID'),
      key: env('REALTIME_TEST_KEY'),
      secret: env('REALTIME_TEST_SECRET'),
      stop: async () => {},
    }
  }
  return startInRepoServer(overrides)
}

/** The in-repo server on its own http server, bound to 127.0.0.1 on a free port. */
export async function startInRepoServer(
  overrides: Partial<RealtimeServerOptions> = {},
): Promise<Target> {
  const app = { id: 'test-app', key: `key-${randomId()}`, secret: `secret-${randomId()}` }
  const realtime = createRealtimeServer({ apps: [app], log: () => {}, ...overrides })
  const server = createServer((req, res) => {
    void realtime.handleHttp(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end()
    })
  })
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy()
  })
  const port = await listen(server)
  return {
    host: '127.0.0.1',
    port,
    appId: app.id,
    key: app.key,
    secret: app.secret,
    stop: async () => {
      await realtime.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The server SDK pointed at the target; pass another secret or key to forge requests. */
export function serverSdk(target: Target, creds: { key?: string; secret?: string } = {}) {
  return new PusherServer({
    appId: target.appId,
    key: creds.key ?? target.key,
    secret: creds.secret ?? target.secret,
    host: target.host,
    port: String(target.port),
    useTLS: false,
    timeout: WAIT_MS,
  })
}

const openClients = new Set<PusherClient>()

/** pusher-js options for a plain WebSocket to `host:port`: no TLS, no stats, no fallbacks. */
export function wsClientOptions(host: string, port: number): Options {
  return {
    cluster: 'local',
    wsHost: host,
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
  }
}

/** A pusher-js client for the target; waits for the connected state. */
export async function connectClient(
  target: Target,
  options: Partial<Options> & { key?: string } = {},
): Promise<PusherClient> {
  const { key, ...rest } = options
  const client = new PusherClient(key ?? target.key, {
    ...wsClientOptions(target.host, target.port),
    ...rest,
  })
  openClients.add(client)
  await waitUntil('pusher-js connected', (done, fail) => {
    if (client.connection.state === 'connected') return done()
    client.connection.bind('connected', done)
    client.connection.bind('failed', () => fail(new Error('connection failed')))
  })
  return client
}

/**
 * A client whose private and presence subscriptions are signed in the test itself, for tests where
 * channel authorization is not the point (it is tested through real auth endpoints elsewhere).
 */
export function connectPreauthorized(target: Target): Promise<PusherClient> {
  return connectClient(target, {
    channelAuthorization: {
      endpoint: '/unused',
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) =>
        callback(null, serverSdk(target).authorizeChannel(socketId, channelName)),
    },
  })
}

/** For afterEach: closes every client the test opened. */
export function disconnectAll(): void {
  for (const client of openClients) client.disconnect()
  openClients.clear()
}

export class SubscriptionError extends Error {
  data: { type?: string; error?: string; status?: number }
  constructor(data: SubscriptionError['data']) {
    super(`subscription error: ${JSON.stringify(data)}`)
    this.data = data
  }
}

/** Subscribes and waits for success; rejects with SubscriptionError on pusher:subscription_error. */
export async function subscribe(client: PusherClient, name: string): Promise<Channel> {
  const channel = client.subscribe(name)
  await waitUntil(`subscription to ${name}`, (done, fail) => {
    channel.bind('pusher:subscription_succeeded', () => done())
    channel.bind('pusher:subscription_error', (data: SubscriptionError['data']) =>
      fail(new SubscriptionError(data)),
    )
  })
  return channel
}

export interface Received {
  data: unknown
  metadata: { user_id?: string } | undefined
}

/** Records every `event` on the channel, for asserting what did (or did not) arrive. */
export function record(channel: Channel, event: string): Received[] {
  const received: Received[] = []
  channel.bind(event, (data: unknown, metadata?: Received['metadata']) => {
    received.push({ data, metadata })
  })
  return received
}

/** Resolves with the next `event` on the channel, or fails after `ms`. */
export function nextEvent(channel: Channel, event: string, ms = WAIT_MS): Promise<Received> {
  return waitUntil(
    `${event} on ${channel.name}`,
    (done) => {
      const handler = (data: unknown, metadata?: Received['metadata']) => {
        channel.unbind(event, handler)
        done({ data, metadata })
      }
      channel.bind(event, handler)
    },
    ms,
  )
}

/**
 * Proves absence: triggers a marker on the channels and waits until each got it. A server writes
 * each socket's frames in order, so anything sent to them before the marker has arrived by then.
 */
export async function flush(target: Target, channels: Channel[]): Promise<void> {
  const marker = randomId()
  const arrivals = channels.map((channel) =>
    waitUntil(`flush marker on ${channel.name}`, (done) => {
      const handler = (data: { marker?: string }) => {
        if (data?.marker !== marker) return
        channel.unbind('test-flush', handler)
        done()
      }
      channel.bind('test-flush', handler)
    }),
  )
  const names = [...new Set(channels.map((channel) => channel.name))]
  await serverSdk(target).trigger(names, 'test-flush', { marker })
  await Promise.all(arrivals)
}

/** Runs `start` with resolve/reject callbacks and bounds the wait. */
export function waitUntil<T = void>(
  what: string,
  start: (done: (value: T) => void, fail: (err: Error) => void) => void,
  ms = WAIT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)),
      ms,
    )
    const settle =
      <A>(fn: (arg: A) => void) =>
      (arg: A) => {
        clearTimeout(timer)
        fn(arg)
      }
    start(settle(resolve), settle(reject))
  })
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function randomId(): string {
  return Math.random().toString(36).slice(2, 10)
}

/** A channel name unique to this run, so tests never share channels on a shared server. */
export function uniqueChannel(prefix: string): string {
  return `${prefix}-${randomId()}`
}

export interface AuthServer {
  /** channelAuthorization options for pusher-js acting as `user`. */
  as(user: string): Options['channelAuthorization']
  stop(): Promise<void>
}

/**
 * The app's auth endpoint as a tiny local server: it signs with the SDK's authorizeChannel only when
 * `allowed(user, channel)`, else answers 403. The user comes from a header, standing in for a session.
 */
export async function startAuthServer(
  sdk: PusherServer,
  allowed: (user: string, channel: string) => boolean,
): Promise<AuthServer> {
  const server = createServer(async (req, res) => {
    const form = new URLSearchParams(await readText(req))
    const user = String(req.headers['x-test-user'] ?? '')
    const socketId = form.get('socket_id') ?? ''
    const channel = form.get('channel_name') ?? ''
    if (!user || !allowed(user, channel)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden')
      return
    }
    const presence = channel.startsWith('presence-')
      ? { user_id: user, user_info: { name: `User ${user}` } }
      : undefined
    const body = JSON.stringify(sdk.authorizeChannel(socketId, channel, presence))
    res.writeHead(200, { 'content-type': 'application/json' }).end(body)
  })
  const port = await listen(server)
  return {
    as: (user) => ({
      transport: 'ajax',
      endpoint: `http://127.0.0.1:${port}/pusher/auth`,
      headers: { 'x-test-user': user },
    }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function readText(req: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
}

/**
 * The hooks every conformance file starts with: the target started before its tests, every client
 * disconnected after each test, the target stopped after all. Answers the target, whose fields are
 * filled in by the time the tests run.
 */
export function useTarget(): Target {
  const target = {} as Target
  beforeAll(async () => {
    Object.assign(target, await startTarget())
  })
  afterEach(disconnectAll)
  afterAll(() => target.stop())
  return target
}

/**
 * useTarget's hooks plus an auth server that signs for the target when `allowed(user, channel)`,
 * for the channel files: started after the target, stopped before it.
 */
export function useTargetWithAuth(allowed: (user: string, channel: string) => boolean): {
  target: Target
  auth: AuthServer
} {
  const target = {} as Target
  const auth = {} as AuthServer
  beforeAll(async () => {
    Object.assign(target, await startTarget())
    Object.assign(auth, await startAuthServer(serverSdk(target), allowed))
  })
  afterEach(disconnectAll)
  afterAll(async () => {
    await auth.stop()
    await target.stop()
  })
  return { target, auth }
}
