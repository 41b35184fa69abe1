import { execFileSync } from 'node:child_process'
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

/**
 * A FIFO whose reader reads nothing until asked: writes to it block once the kernel's buffer is
 * full, as a stuck journal or an unread pipe would.
 */
function stalledPipe() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-lines-fifo-'))
  const fifo = path.join(dir, 'log')
  execFileSync('mkfifo', [fifo])
  const readFd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
  const writeFd = fs.openSync(fifo, fs.constants.O_WRONLY)
  let text = ''
  const chunk = Buffer.alloc(1 << 16)
  /** Reads what the pipe holds now (the reader catching up), and answers all read so far. */
  const read = () => {
    for (;;) {
      try {
        const n = fs.readSync(readFd, chunk)
        if (!n) break
        text += chunk.toString('utf8', 0, n)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break
        throw error
      }
    }
    return text
  }
  const close = () => {
    fs.closeSync(writeFd)
    fs.closeSync(readFd)
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return { writeFd, read, close }
}

test('a reader that stops: what waits stays under the bound, the rest is dropped and counted, and one line says how many once it reads again', async () => {
  const pipe = stalledPipe()
  try {
    const bound = 256 * 1024
    const out = new BufferedLines(pipe.writeFd, 4096, 50, bound)
    const line = (i: number) => `{"n":${i},"msg":"${'x'.repeat(90)}"}\n`
    // 20 MB of lines while nobody reads: without a bound every one of them would wait in memory.
    const sent = 200_000
    for (let i = 0; i < sent; i++) out.write(line(i))
    expect(out.dropped).toBeGreaterThan(sent * 0.9)

    // The reader catches up: the lines kept arrive in order, then the line counting the dropped.
    const text = await expect
      .poll(() => pipe.read(), { timeout: 10_000 })
      .toMatch(/"dropped":\d+\}\n$/)
      .then(() => pipe.read())
    const lines = text.trimEnd().split('\n')
    const kept = lines.slice(0, -1)
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => line(i).trimEnd()))
    // Only the kernel's buffer, the write in flight and the bound were ever held back.
    expect(kept.join('\n').length).toBeLessThan(bound + 4096 + 1024 * 1024)
    const report = JSON.parse(lines.at(-1)!) as { level: number; dropped: number; msg: string }
    expect(report).toMatchObject({ level: 40, dropped: sent - kept.length })
    expect(out.dropped).toBe(sent - kept.length)

    // Lines after the gap are kept again, after the report.
    out.write('{"msg":"after"}\n')
    await new Promise<void>((resolve) => out.flush(resolve))
    expect(pipe.read().endsWith(`${lines.at(-1)}\n{"msg":"after"}\n`)).toBe(true)
  } finally {
    pipe.close()
  }
})

test('flushSync gives up on a write stuck for a second (nobody reads): the exit is not blocked', async () => {
  const pipe = stalledPipe()
  const out = new BufferedLines(pipe.writeFd, 4096, 60_000, 4 << 20)
  // More than the kernel holds: a write stays in flight.
  for (let i = 0; i < 5000; i++) out.write(`{"n":${i},"msg":"${'y'.repeat(200)}"}\n`)
  const stuckSince = Date.now()
  await expect.poll(() => Date.now() - stuckSince > 1100, { timeout: 5000 }).toBe(true)
  const started = Date.now()
  out.flushSync()
  expect(Date.now() - started).toBeLessThan(500)
  // The reader comes back: everything arrives, and the descriptors close with no write pending.
  let flushed = false
  out.flush(() => (flushed = true))
  await expect.poll(() => (pipe.read(), flushed), { timeout: 10_000 }).toBe(true)
  expect(pipe.read()).toMatch(/"n":4999,.*\n$/)
  pipe.close()
}, 20_000)
