import type { Pool } from 'pg'

/** Runs `work` while holding a session advisory lock (waits for it). */
export async function withAdvisoryLock(pool: Pool, key: number, work: () => Promise<void>) {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key])
    try {
      await work()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key])
    }
  } finally {
    client.release()
  }
}
