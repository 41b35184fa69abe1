/** Applies the committed migrations to DATABASE_URL (used by tests and for deployments). */
import { getPayload } from 'payload'

import { readFromPrimary } from '@/server/database/replicas'

const { default: config } = await import('@payload-config')
const { migrations } = await import('@migrations')
const payload = await getPayload({ config })
// Generated migrations type drizzle's SQL from a nested copy; the runtime objects are the same.
// What has run is read where the migrations write, never on a read replica.
await readFromPrimary(() => payload.db.migrate({ migrations: migrations as never }))
await payload.db.destroy?.()
process.exit(0)
