/**
 * `npm start`: embedded PostgreSQL (unless DATABASE_URL), migrations, demo seed, builds that are
 * out of date, then one server on PORT. Ctrl-C stops everything, PostgreSQL included.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

// tsx turns on node's source maps, which then keeps every loaded module's map in memory (Next's,
// Payload's and the site's: tens of MB). A production server does without them (stack traces
// name the compiled lines); SOURCE_MAPS=1 keeps them. Before any other module loads.
if (process.env.NODE_ENV === 'production' && process.env.SOURCE_MAPS !== '1')
  process.setSourceMapsEnabled(false)
const { boot, PortInUseError } = await import('@/server/process/boot')
const { flushLog } = await import('@/server/observability/logger')

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const buildOnly = process.argv.includes('--build-only')
const withoutAdmin = process.argv.includes('--without-admin') || process.env.ADMIN === 'false'

// A stray error in a callback (a socket, a timer, a pooled connection) is logged, not fatal: one
// bad moment must not take every visitor's requests down with it.
process.on('uncaughtException', (error) => console.error('uncaught exception:', error))
process.on('unhandledRejection', (reason) => console.error('unhandled rejection:', reason))

try {
  const site = await boot({ projectRoot, buildOnly, withoutAdmin })
  if (site) {
    let signals = 0
    const shutdown = (signal: string) => {
      if (++signals > 1) process.exit(1)
      console.log(`\n${signal}: stopping…`)
      // The request log is buffered: its last lines are written before the process goes.
      site.stop().then(
        () => flushLog().then(() => process.exit(0)),
        (error: unknown) => {
          console.error(error)
          process.exit(1)
        },
      )
    }
    process.on('SIGINT', () => shutdown('SIGINT'))
    process.on('SIGTERM', () => shutdown('SIGTERM'))
  } else {
    process.exit(0)
  }
} catch (error) {
  // A newcomer needs the reason, not a stack trace (DEBUG=1 shows it).
  const message = error instanceof Error ? error.message : String(error)
  console.error(`\n${message}\n`)
  if (process.env.DEBUG && !(error instanceof PortInUseError)) console.error(error)
  process.exit(1)
}
