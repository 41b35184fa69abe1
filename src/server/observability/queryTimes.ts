import type { Pool, PoolClient } from 'pg'
import client from 'prom-client'

import { registry } from './metrics'

/**
 * How long PostgreSQL queries take, by kind of statement (a bounded label: never the text).
 * Every connection of Payload's pool is wrapped when first handed out (the pool's 'acquire'), so
 * every query the site sends through it is timed, inside transactions or not.
 */
const durations = new client.Histogram({
  name: 'belong_db_query_duration_seconds',
  help: 'Time from sending a query to the primary to its answer, by statement (select, insert, update, delete, with, transaction, other).',
  labelNames: ['statement'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
})

const KINDS = new Set(['select', 'insert', 'update', 'delete', 'with'])
const TRANSACTION = new Set(['begin', 'commit', 'rollback', 'savepoint', 'release', 'start'])

/** The statement's first word, as a label value from a fixed list. */
export function statementOf(text: unknown): string {
  const word = typeof text === 'string' ? /^[\s(]*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() : ''
  if (!word) return 'other'
  return KINDS.has(word) ? word : TRANSACTION.has(word) ? 'transaction' : 'other'
}

const textOf = (first: unknown) =>
  typeof first === 'object' && first !== null && 'text' in first ? first.text : first

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && 'then' in value && typeof value.then === 'function'

const timed = new WeakSet<PoolClient>()

/** Wraps one client's query: a promise is timed when it settles, a callback when it is called. */
function timeQueries(target: PoolClient) {
  if (timed.has(target)) return
  timed.add(target)
  const query: (...args: unknown[]) => unknown = target.query.bind(target)
  const timedQuery = (...args: unknown[]) => {
    const end = durations.startTimer({ statement: statementOf(textOf(args[0])) })
    const last = args.at(-1)
    if (typeof last === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        end()
        return last(...results)
      }
      return query(...args)
    }
    const result = query(...args)
    // A submittable (a cursor, a stream) is handed back untimed.
    if (isThenable(result))
      result.then(
        () => end(),
        () => end(),
      )
    return result
  }
  Object.defineProperty(target, 'query', { value: timedQuery, writable: true, configurable: true })
}

/** Times the queries of every connection the pool hands out from now on. */
export function timePoolQueries(pool: Pool) {
  pool.on('acquire', timeQueries)
}
