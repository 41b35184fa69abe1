/**
 * Conformance: the WebSocket connection itself (handshake, refusal of unknown keys, heartbeats),
 * through `pusher-js`. Targets the in-repo server on 127.0.0.1, or the server named by
 * REALTIME_TEST_HOST, _PORT, _APP_ID, _KEY and _SECRET when set (see helpers.ts).
 */
import PusherClient from 'pusher-js'
import { describe, expect, it } from 'vitest'
import {
  connectClient,
  delay,
  disconnectAll,
  externalTarget,
  startInRepoServer,
  waitUntil,
  useTarget,
  wsClientOptions,
} from './helpers'

const target = useTarget()

interface Message {
  event: string
  data: unknown
}

describe('connection', () => {
  it('is established with a socket id of the form digits.digits', async () => {
    const client = await connectClient(target)
    expect(client.connection.state).toBe('connected')
    expect(client.connection.socket_id).toMatch(/^\d+\.\d+$/)
    const other = await connectClient(target)
    expect(other.connection.socket_id).not.toBe(client.connection.socket_id)
  })

  it('refuses an unknown app key with error 4001 and the client gives up', async () => {
    const client = new PusherClient('no-such-key', wsClientOptions(target.host, target.port))
    try {
      const error = await waitUntil<{ type: string; error: { data: { code: number } } }>(
        'error for an unknown key',
        (done) => client.connection.bind('error', done),
      )
      expect(error.type).toBe('WebSocketError')
      expect(error.error.data.code).toBe(4001)
      // 4000–4099 mean "do not reconnect": pusher-js ends up disconnected, not connecting again.
      await waitUntil('disconnected state', (done) => {
        if (client.connection.state === 'disconnected') return done()
        client.connection.bind('disconnected', done)
      })
      await delay(300)
      expect(client.connection.state).toBe('disconnected')
    } finally {
      client.disconnect()
    }
  })

  it('answers client pings so the connection survives several activity timeouts', async () => {
    // pusher-js pings after activityTimeout of silence and drops the socket if no pong within pongTimeout.
    const client = await connectClient(target, { activityTimeout: 300, pongTimeout: 1000 })
    const socketId = client.connection.socket_id
    const pongs: Message[] = []
    client.connection.bind('message', (m: Message) => m.event === 'pusher:pong' && pongs.push(m))
    const states: string[] = []
    client.connection.bind('state_change', (s: { current: string }) => states.push(s.current))
    await delay(2000)
    expect(pongs.length).toBeGreaterThanOrEqual(2)
    expect(states).toEqual([])
    expect(client.connection.socket_id).toBe(socketId)
  })

  it.skipIf(externalTarget)(
    'pings a silent client after its activity timeout and keeps it when it answers',
    async () => {
      const quick = await startInRepoServer({ activityTimeoutSeconds: 1, pongTimeoutMs: 1000 })
      try {
        const pings: Message[] = []
        const client = await connectClient(quick)
        client.connection.bind(
          'message',
          (m: Message) => m.event === 'pusher:ping' && pings.push(m),
        )
        const socketId = client.connection.socket_id
        await waitUntil('a pusher:ping from the server', (done) => {
          client.connection.bind('message', (m: Message) => m.event === 'pusher:ping' && done())
        })
        await delay(2500)
        expect(pings.length).toBeGreaterThanOrEqual(1)
        expect(client.connection.state).toBe('connected')
        expect(client.connection.socket_id).toBe(socketId)
      } finally {
        disconnectAll()
        await quick.stop()
      }
    },
  )
})
