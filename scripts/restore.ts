/**
 * `npm run restore -- <backup folder>`: puts a backup's database and media back into DATA_DIR
 * (stop the site first). What it replaces is kept beside it until you delete it.
 */
import path from 'node:path'

import { restore } from '@/server/database/backup'
import { env } from '@/server/config/env'

const source = process.argv[2]
if (!source) {
  console.error('Usage: npm run restore -- <backup folder>')
  process.exit(2)
}
if (env.databaseUrl) {
  console.error(
    `DATABASE_URL points to an external database: back it up and restore it with its own tools (pg_dump of its version). This command covers the embedded database and the media folder.`,
  )
  process.exit(2)
}
try {
  await restore(env.dataDir, path.resolve(source))
  process.exit(0)
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
