/**
 * `npm run backup [-- <folder>]`: the embedded database (online, consistent) and the media
 * folder into one new folder, by default DATA_DIR/backups/belong-<date>-<time>.
 */
import path from 'node:path'

import { backup } from '@/server/backup'
import { env } from '@/server/env'

if (env.databaseUrl) {
  console.error(
    `DATABASE_URL points to an external database: back it up and restore it with its own tools (pg_dump of its version). This command covers the embedded database and the media folder.`,
  )
  process.exit(2)
}
try {
  const target = process.argv[2] ? path.resolve(process.argv[2]) : undefined
  await backup(env.dataDir, target)
  process.exit(0)
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
