import { spawn } from 'node:child_process'
import fs from 'node:fs'

/**
 * The e2e server (`scripts/start.ts`) with everything it writes also kept in SERVER_LOG_FILE, for
 * the global teardown's check that no secret reached the log (tests/e2e/teardown.ts). Its output
 * still goes to Playwright as before.
 */
const file = process.env.SERVER_LOG_FILE
if (!file) throw new Error('SERVER_LOG_FILE is not set')
const log = fs.createWriteStream(file)
// With `npm start`'s memory settings (package.json): the suite runs the instance users run.
const server = spawn(
  process.execPath,
  ['--max-old-space-size=320', '--max-semi-space-size=8', '--import', 'tsx', 'scripts/start.ts'],
  { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MALLOC_ARENA_MAX: '2' } },
)
server.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk)
  log.write(chunk)
})
server.stderr.on('data', (chunk: Buffer) => {
  process.stderr.write(chunk)
  log.write(chunk)
})
// The signal reaches the server too (the whole group): passing it on would be a second one, which
// stops the server at once. This process stays until the server has finished and exited.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => {})
server.on('exit', (code, signal) => {
  log.end(() => process.exit(code ?? (signal ? 1 : 0)))
})
