/**
 * `npm run backup [-- <folder>]`: the embedded database (online, consistent) and the media
 * folder into one new folder, by default DATA_DIR/backups/belong-<date>-<time>. Media kept in an
 * S3 bucket (S3_BUCKET) are not in it: the bucket is backed up with its own tools.
 */
import path from 'node:path'

import { backup } from '@/server/database/backup'
import { env } from '@/server/config/env'

if (env.databaseUrl) {
  console.error(
    `DATABASE_URL points to an external database: back it up and restore it with its own tools (pg_dump of its version). This command covers the embedded database and the media folder.`,
  )
  process.exit(2)
}
if (env.s3) {
  // With S3_BUCKET the uploads are objects in the bucket, not files in DATA_DIR/media.
  console.warn(
    `Media are stored in the S3 bucket ${env.s3.bucket}${env.s3.endpoint ? ` at ${env.s3.endpoint}` : ''}: this backup does not include them. Keep the bucket's own copies (versioning, replication, or a sync such as 'aws s3 sync s3://${env.s3.bucket} <folder>'); see docs/deploy.md.`,
  )
}
try {
  const target = process.argv[2] ? path.resolve(process.argv[2]) : undefined
  await backup(env.dataDir, target)
  process.exit(0)
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
}
