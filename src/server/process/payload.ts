import path from 'node:path'

import { runJobQueueHere } from '@/server/config/jobQueue'
import { surfaceCommitFailures } from '@/server/database/db'
import { readFromPrimary } from '@/server/database/replicas'
import type { ProcessDatabase } from './database'

/**
 * Payload on the process's database, every migration applied, and what the collections hand the
 * server (the config's routes and time boundaries). With `cron` this process runs the job queue
 * (mail), as every app instance does; a --build-only run does not.
 */
export async function startPayload(projectRoot: string, database: ProcessDatabase, cron: boolean) {
  const { getPayload } = await import('payload')
  const {
    default: config,
    collectionRoutes,
    timeBoundaries,
  } = (await import(
    path.join(projectRoot, 'payload.config.ts')
  )) as typeof import('@payload-config')
  const { migrations } = await import(path.join(projectRoot, 'migrations', 'index.ts'))
  if (cron) runJobQueueHere()
  const payload = await getPayload({ config, cron })
  database.watch(payload)
  // After onInit's read routing (payload.config.ts), which replaces the db.drizzle this patches.
  surfaceCommitFailures(payload)
  // What has run is read where the migrations write (another instance may just have run them).
  await readFromPrimary(() => payload.db.migrate({ migrations: migrations as never }))
  return {
    payload,
    lastMigration: (migrations as { name?: string }[]).at(-1)?.name,
    // What the collections hand the site's server and the regenerator (the process reaches them
    // only through the config).
    routes: collectionRoutes(payload),
    timeBoundaries,
  }
}
