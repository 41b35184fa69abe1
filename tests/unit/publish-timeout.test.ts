import net from 'node:net'

import { afterAll, beforeAll, expect, test, vi } from 'vitest'

/**
 * A realtime server that accepts connections but never answers (a hung process, a black-holed
 * route) must not keep a publish waiting for minutes: the SDK gives up after its timeout and the
 * push is only logged (store first, push second).
 */
let silent: net.Server
let port = 0
const sockets = new Set<net.Socket>()

beforeAll(async () => {
  silent = net.createServer((socket) => sockets.add(socket)) // reads nothing, answers nothing
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  port = (silent.address() as net.AddressInfo).port
  Object.assign(process.env, {
    PUSHER_APP_ID: 'silent',
    PUSHER_KEY: 'silent-key',
    PUSHER_SECRET: 'a-secret-of-at-least-thirty-two-characters',
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(port),
  })
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => silent.close(resolve))
})

test('a publish to a server that never answers gives up and is only logged', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const { publish } = await import('@/server/services/realtime')
  await publish('neighbourhood-1', 'review.created', { id: 1 })
  expect(sockets.size).toBeGreaterThan(0)
  expect(warn).toHaveBeenCalledWith(
    expect.stringContaining('publish review.created on neighbourhood-1 failed'),
    expect.anything(),
  )
}, 15_000)
