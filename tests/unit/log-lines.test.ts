import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterEach, expect, test } from 'vitest'

import { BufferedLines } from '@/server/observability/logLines'

/** The buffered log destination: every line arrives, in order, soon, and all of it on flush. */
const files: { fd: number; file: string }[] = []
afterEach(() => {
  for (const { fd, file } of files.splice(0)) {
    fs.closeSync(fd)
    fs.rmSync(file, { force: true })
  }
})

function logFile() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-lines-')), 'out.log')
  const fd = fs.openSync(file, 'w')
  files.push({ fd, file })
  return { fd, read: () => fs.readFileSync(file, 'utf8') }
}

test('many lines in batches, in order, every one of them once flushed', async () => {
  const { fd, read } = logFile()
  const out = new BufferedLines(fd, 4096, 60_000)
  const lines = Array.from({ length: 5000 }, (_, i) => `{"n":${i},"msg":"request"}\n`)
  for (const line of lines) out.write(line)
  await new Promise<void>((resolve) => out.flush(resolve))
  expect(read()).toBe(lines.join(''))
})

test('a lone line is written within the wait, without a flush', async () => {
  const { fd, read } = logFile()
  const out = new BufferedLines(fd, 4096, 50)
  out.write('{"msg":"one"}\n')
  expect(read()).toBe('')
  await expect.poll(read, { timeout: 5000 }).toBe('{"msg":"one"}\n')
})

test('flushSync writes what waits at once (an exiting process)', () => {
  const { fd, read } = logFile()
  const out = new BufferedLines(fd, 1 << 20, 60_000)
  out.write('{"msg":"last"}\n')
  out.flushSync()
  expect(read()).toBe('{"msg":"last"}\n')
})
