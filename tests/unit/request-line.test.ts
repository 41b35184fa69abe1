import { Writable } from 'node:stream'

import { pino } from 'pino'
import { expect, test } from 'vitest'

import { requestLine } from '@/server/observability/requestLine'

/** What pino writes for `info(fields, 'request')`, the line requestLine stands in for. */
function pinoLine(fields: Record<string, unknown>): string {
  let out = ''
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString()
      done()
    },
  })
  pino({ level: 'info' }, sink).info(fields, 'request')
  return out
}

const withoutTime = (line: string) => line.replace(/"time":\d+,/, '')

test('a request line is the line pino writes: same fields, same order, one line', () => {
  const route = { kind: 'static', route: '/neighbourhood/:slug' } as const
  const line = requestLine(
    'req-1',
    'GET',
    '/neighbourhood/a"b\\c\u2028é',
    route,
    200,
    12,
    undefined,
    undefined,
    undefined,
  )
  expect(line.endsWith('}\n')).toBe(true)
  expect(line.split('\n')).toHaveLength(2)
  const fields = {
    reqId: 'req-1',
    method: 'GET',
    path: '/neighbourhood/a"b\\c\u2028é',
    route: '/neighbourhood/:slug',
    kind: 'static',
    status: 200,
    ms: 1.2,
  }
  expect(withoutTime(line)).toBe(withoutTime(pinoLine(fields)))

  const full = requestLine(
    'req-2',
    'POST',
    '/api/reviews',
    { kind: 'api', route: '/api/reviews' },
    503,
    4,
    'miss',
    7,
    'draining',
  )
  expect(withoutTime(full)).toBe(
    withoutTime(
      pinoLine({
        reqId: 'req-2',
        method: 'POST',
        path: '/api/reviews',
        route: '/api/reviews',
        kind: 'api',
        status: 503,
        ms: 0.4,
        cache: 'miss',
        member: 7,
        planned: 'draining',
      }),
    ),
  )
  expect(JSON.parse(full)).toMatchObject({ level: 30, pid: process.pid, msg: 'request' })
})

test('a plain path, every time taken and two lines in one millisecond are written as pino writes them', () => {
  const route = { kind: 'static', route: '/neighbourhood/:slug' } as const
  const at = Date.now()
  for (const tenths of [0, 1, 9, 10, 15, 99, 100, 1234, 123_450]) {
    const fields = { path: '/neighbourhood/shoreditch', ms: tenths / 10 }
    const line = requestLine(
      'r',
      'GET',
      fields.path,
      route,
      200,
      tenths,
      undefined,
      undefined,
      undefined,
      at,
    )
    const expected = pinoLine({
      reqId: 'r',
      method: 'GET',
      path: fields.path,
      route: route.route,
      kind: 'static',
      status: 200,
      ms: fields.ms,
    })
    expect(line).toBe(expected.replace(/"time":\d+/, `"time":${at}`))
  }
  const next = requestLine('r', 'GET', '/', route, 200, 3, undefined, undefined, undefined, at + 1)
  expect(JSON.parse(next)).toMatchObject({ time: at + 1, path: '/', ms: 0.3 })
  // Half of a surrogate pair, a control character: escaped as JSON.stringify does.
  const odd = requestLine(
    'r',
    'GET',
    '/a\ud800\u0001',
    route,
    200,
    3,
    undefined,
    undefined,
    undefined,
  )
  expect(JSON.parse(odd).path).toBe('/a\ud800\u0001')
  expect(odd).toContain('"path":"/a\\ud800\\u0001"')
})
