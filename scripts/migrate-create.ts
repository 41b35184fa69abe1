/**
 * Writes a new migration from the difference between the collections and the last migration.
 * Usage: npm run migrate:create -- <name>. Uses a throwaway embedded PostgreSQL.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { startEmbeddedPostgres } from '../src/server/postgres'

const name = process.argv[2] ?? 'change'
const dir = path.resolve('.tmp/migrate-create')
fs.rmSync(dir, { recursive: true, force: true })
const pg = await startEmbeddedPostgres({ dir, databases: ['belong'] })
const env = { ...process.env, DATABASE_URL: pg.url('belong'), PAYLOAD_CONFIG_PATH: 'payload.config.ts' }
try {
  const payload = (args: string[]) =>
    spawnSync(process.execPath, ['node_modules/payload/bin.js', ...args], { stdio: 'inherit', env })
  if (payload(['migrate']).status !== 0) throw new Error('applying existing migrations failed')
  if (payload(['migrate:create', name]).status !== 0) throw new Error('migrate:create failed')
} finally {
  await pg.stop()
}
