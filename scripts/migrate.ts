/** Applies the committed migrations to DATABASE_URL (used by tests and for deployments). */
import { getPayload } from 'payload'

const { default: config } = await import('@payload-config')
const { migrations } = await import('@migrations')
const payload = await getPayload({ config })
// Generated migrations type drizzle's SQL from a nested copy; the runtime objects are the same.
await payload.db.migrate({ migrations: migrations as never })
await payload.db.destroy?.()
process.exit(0)
