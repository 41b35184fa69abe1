/**
 * Until the first production deployment the schema is one migration, regenerated from the
 * collections: deletes migrations/*, then writes `initial` afresh. Serialised by a lock folder
 * so parallel callers never interleave. Usage: npm run migrate:squash
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const lock = path.resolve('.tmp/migrate.lock')
fs.mkdirSync(path.dirname(lock), { recursive: true })
const started = Date.now()
for (;;) {
  try {
    fs.mkdirSync(lock)
    break
  } catch {
    if (Date.now() - started > 300_000) throw new Error(`${lock} held for 5 minutes`)
    await new Promise((r) => setTimeout(r, 500))
  }
}
try {
  const dir = path.resolve('migrations')
  for (const file of fs.readdirSync(dir)) fs.rmSync(path.join(dir, file))
  fs.writeFileSync(path.join(dir, 'index.ts'), 'export const migrations = []\n')
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/migrate-create.ts', 'initial'],
    { stdio: 'inherit' },
  )
  if (result.status !== 0) process.exitCode = 1
} finally {
  fs.rmSync(lock, { recursive: true, force: true })
}
