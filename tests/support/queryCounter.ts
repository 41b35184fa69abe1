import { AsyncLocalStorage } from 'node:async_hooks'

import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'

const counting = new AsyncLocalStorage<{ queries: number }>()
const watched = new WeakSet<object>()

/**
 * Counts the SQL queries one read sends, and only its own: the count follows the read's async
 * context, so what the site does meanwhile in the background (jobs, sweeps, live pushes) never
 * adds to it, however loaded the machine is.
 */
export async function countQueries<T>(
  payload: Payload,
  read: () => Promise<T>,
): Promise<{ result: T; count: number }> {
  const pool: { query: (...args: unknown[]) => unknown } = pgPool(payload)
  if (!watched.has(pool)) {
    const original = pool.query.bind(pool)
    pool.query = (...args: unknown[]) => {
      const counter = counting.getStore()
      if (counter) counter.queries++
      return original(...args)
    }
    watched.add(pool)
  }
  const counter = { queries: 0 }
  const result = await counting.run(counter, read)
  return { result, count: counter.queries }
}
