import http from 'node:http'

import { expect, test } from 'vitest'

import { stopInOrder, type RunningParts } from '@/server/process/stop'

/**
 * The site's stop with stand-in parts: it ends in order with the database last, once however
 * often it is called, and a part that never finishes holds it only up to its limit: the
 * database is stopped anyway and the log names the part.
 */

function parts(hang?: 'regeneration' | 'realtime') {
  const order: string[] = []
  const never = new Promise<void>(() => {})
  const server = http.createServer()
  const running = {
    readiness: { drain: () => order.push('drain') },
    admin: { stop: () => order.push('admin') },
    metricsServer: undefined,
    regeneration: {
      timers: [],
      regenerator: {
        stop: () => order.push('regenerator'),
        idle: () => (hang === 'regeneration' ? never : Promise.resolve()),
      },
      pageSync: undefined,
      changes: { stop: async () => void order.push('changes') },
      renderers: new Map(),
    },
    backfill: { close: async () => void order.push('backfill') },
    cdn: undefined,
    builds: { stop: () => order.push('builds') },
    closeRealtime: async () => {
      order.push('realtime')
      if (hang === 'realtime') await never
    },
    server,
    database: { stop: async () => void order.push('database') },
  } as unknown as RunningParts
  return { running, order, server }
}

test('stops every part in order, the database last, once however often it is called', async () => {
  const { running, order, server } = parts()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const lines: string[] = []
  const stop = stopInOrder(running, (line) => lines.push(line), 5_000)
  await Promise.all([stop(), stop()])
  await stop()
  expect(order).toEqual([
    'drain',
    'admin',
    'regenerator',
    'backfill',
    'changes',
    'builds',
    'realtime',
    'database',
  ])
  expect(server.listening).toBe(false)
  expect(lines).toEqual([])
})

test.each([
  ['regeneration', 'the regeneration in progress'],
  ['realtime', 'realtime'],
] as const)(
  'a %s that never finishes holds the stop only up to its limit, then the database stops',
  async (hang, named) => {
    const { running, order } = parts(hang)
    const lines: string[] = []
    const started = Date.now()
    await stopInOrder(running, (line) => lines.push(line), 300)()
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(order.at(-1)).toBe('database')
    expect(lines).toEqual([
      `stop: ${named} still running after 0.3 s; stopping the database anyway`,
    ])
  },
)
