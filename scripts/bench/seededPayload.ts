import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { startEmbeddedPostgres } from '@/server/database/postgres'

/**
 * For benchmarks that call Payload in-process: a throwaway embedded PostgreSQL in `folder`
 * (emptied first), migrated and holding the demo seed, Payload on it, and a client to scale it
 * up with. Payload and the config load only once the environment names that database.
 */
export async function seededPayload(folder: string) {
  const dir = path.resolve(folder)
  fs.rmSync(dir, { recursive: true, force: true })
  const server = await startEmbeddedPostgres({ dir, databases: ['bench'] })
  process.env.DATABASE_URL = server.url('bench')
  process.env.DATA_DIR = dir
  process.env.PAYLOAD_SECRET = 'bench'
  process.env.LOG_LEVEL = 'warn'

  const { getPayload } = await import('payload')
  const { default: config } = await import('@payload-config')
  const { migrations } = await import('@migrations')
  const { seedDatabase } = await import('@/seed/store')
  const payload = await getPayload({ config })
  await payload.db.migrate({ migrations: migrations as never })
  await seedDatabase(payload, () => {})

  const db = new pg.Client({ connectionString: server.url('bench') })
  await db.connect()
  return { server, payload, db }
}
