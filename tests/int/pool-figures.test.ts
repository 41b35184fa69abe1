import pg from 'pg'
import { afterAll, describe, expect, it, inject } from 'vitest'

import { poolFigures } from '@/server/observability/figures'

/**
 * The pool's figures as /metrics and the site health read them: a quiet site's own scrape
 * query is not a waiting client (it read 1 and paged the operator), a real wait is.
 */
const pool = new pg.Pool({ connectionString: inject('pgUrl'), max: 2 })
afterAll(() => pool.end())

describe('pool figures', () => {
  it('counts no waiting client while a connection is idle, even as a query is handed one', async () => {
    const [a, b] = [await pool.connect(), await pool.connect()]
    a.release()
    b.release()
    const running = pool.query('SELECT 1')
    // pg queues the checkout for a tick though an idle connection is there to take it.
    expect(pool.waitingCount).toBe(1)
    expect(poolFigures(pool)).toEqual({ connections: 2, idle: 2, waiting: 0 })
    await running
  })

  it('counts the queries that wait while every connection is busy', async () => {
    const held = [await pool.connect(), await pool.connect()]
    const waiting = [pool.query('SELECT 1'), pool.query('SELECT 2')]
    expect(poolFigures(pool)).toEqual({ connections: 2, idle: 0, waiting: 2 })
    for (const client of held) client.release()
    await Promise.all(waiting)
    expect(poolFigures(pool).waiting).toBe(0)
  })
})
