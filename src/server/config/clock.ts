import fs from 'node:fs'

/**
 * The server's "now" for rules that depend on time (the local-spot edit window). Production reads
 * the system clock. Tests move it without touching the browser's clock:
 * - integration tests (NODE_ENV=test, in process) call `moveTestClock(ms)`;
 * - the e2e server is started by playwright.config.ts with BELONG_TEST_CLOCK_FILE, a file holding
 *   an offset in milliseconds that the tests write and remove. Nothing else sets that variable.
 */
let offsetMs = 0

export function moveTestClock(ms: number): void {
  if (process.env.NODE_ENV !== 'test') throw new Error('The clock moves only in tests.')
  offsetMs = ms
}

function fileOffset(): number {
  const file = process.env.BELONG_TEST_CLOCK_FILE
  if (!file) return 0
  try {
    const value = Number(fs.readFileSync(file, 'utf8').trim())
    return Number.isFinite(value) ? value : 0
  } catch {
    return 0
  }
}

export function serverNow(): Date {
  return new Date(Date.now() + offsetMs + fileOffset())
}
