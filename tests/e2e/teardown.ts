import fs from 'node:fs'

import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '@/seed/users'
import { leaksIn, testPasswords } from '@tests/support/logSecrets'

/** Enough request lines that an empty or cut capture cannot pass for a clean one. */
const MIN_REQUEST_LINES = 20

/**
 * The server writes its request lines in batches (src/server/observability/logLines.ts): one
 * last request, and its line in the file, means every line before it is there too.
 */
async function lastLinesWritten(logFile: string) {
  const id = `teardown-${process.pid}-${Date.now()}`
  await fetch(`http://127.0.0.1:${process.env.E2E_PORT}/healthz`, {
    headers: { 'x-request-id': id },
  })
  for (let tries = 0; tries < 300; tries++) {
    if (fs.readFileSync(logFile, 'utf8').includes(id)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server never logged the teardown's request (${id})`)
}

/**
 * After the last test (the server still runs: Playwright stops it after this): every line the
 * server wrote during the run holds no password, key, session token, cookie or e-mail address.
 * Then the temporary data folder and its log are removed.
 */
export default async function teardown() {
  const dir = process.env.E2E_DATA_DIR
  const logFile = process.env.E2E_SERVER_LOG
  try {
    if (!logFile || !fs.existsSync(logFile)) throw new Error(`no server log at ${logFile}`)
    await lastLinesWritten(logFile)
    const log = fs.readFileSync(logFile, 'utf8')
    const requests = log.split('\n').filter((line) => line.includes('"msg":"request"')).length
    if (requests < MIN_REQUEST_LINES)
      throw new Error(`the server log holds ${requests} request lines: was it captured?`)
    // The tests' own passwords are read from their sources (FRESH_PASSWORD, 'lena secret'…).
    const secrets = testPasswords(import.meta.dirname, [DEMO_PASSWORD, DEMO_TOTP_SECRET])
    const leaks = leaksIn(log, secrets)
    if (leaks.length)
      throw new Error(
        `the server's log holds secrets (${logFile}):\n` +
          leaks.map((l) => `  line ${l.line}: ${l.what}`).join('\n'),
      )
  } finally {
    if (dir && dir.includes('belong-e2e-')) {
      fs.rmSync(dir, { recursive: true, force: true })
      if (logFile?.startsWith(dir)) fs.rmSync(logFile, { force: true })
    }
  }
}
