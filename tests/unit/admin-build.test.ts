import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { buildAdmin } from '@/server/process/admin'

/**
 * The admin's build steps are processes; here a project whose `payload` and `next` are small
 * scripts standing in for them, so the build's own handling is what is tested: a silent step is
 * stopped with everything it started and the build runs again; stopping the site stops it all.
 */
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

/** The import-map step: hangs silently while `hang` exists, after starting a worker of its own. */
const FAKE_PAYLOAD = `
const fs = require('node:fs')
const { spawn } = require('node:child_process')
if (fs.existsSync('hang')) {
  fs.rmSync('hang')
  const worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
  fs.writeFileSync('worker.pid', String(worker.pid))
  setInterval(() => {}, 1000)
} else {
  console.log('import map written')
}
`
const FAKE_NEXT = `
require('node:fs').mkdirSync('cms/.next', { recursive: true })
console.log('Compiled successfully')
`

function fakeProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-admin-build-'))
  dirs.push(root)
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), text)
  }
  write('node_modules/payload/bin.js', FAKE_PAYLOAD)
  write('node_modules/payload/package.json', '{"type":"commonjs"}')
  write('node_modules/next/dist/bin/next', FAKE_NEXT)
  return root
}

/** Running: a process that ended but was not reaped yet (a zombie) counts as ended. */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

async function workerStarted(root: string): Promise<number> {
  await expect.poll(() => fs.existsSync(path.join(root, 'worker.pid'))).toBe(true)
  return Number(fs.readFileSync(path.join(root, 'worker.pid'), 'utf8'))
}

describe("the admin's background build", () => {
  it('stops a step that prints nothing, with the workers it started, and builds again', async () => {
    const root = fakeProject()
    fs.writeFileSync(path.join(root, 'hang'), '')
    const lines: string[] = []
    const build = buildAdmin(root, process.env, (line) => lines.push(line), undefined, 1_000)

    const worker = await workerStarted(root)
    await build
    await expect.poll(() => alive(worker)).toBe(false)
    expect(lines).toContainEqual(expect.stringMatching(/^import map printed nothing for \d+ s/))
    expect(lines).toContain('  import map written')
    expect(lines).toContain('  Compiled successfully')
    expect(fs.readFileSync(path.join(root, 'cms/.next/belong-source-hash'), 'utf8')).toMatch(
      /^[0-9a-f]{16}$/,
    )
  })

  it('stops every process of a running step when the site stops', async () => {
    const root = fakeProject()
    fs.writeFileSync(path.join(root, 'hang'), '')
    const stopping = new AbortController()
    const build = buildAdmin(root, process.env, () => {}, stopping.signal, 600_000)

    const worker = await workerStarted(root)
    stopping.abort()
    await expect(build).rejects.toThrow(/aborted/)
    await expect.poll(() => alive(worker)).toBe(false)
    expect(fs.existsSync(path.join(root, 'cms/.next/belong-source-hash'))).toBe(false)
  })

  it('says which step failed and does not mark the admin built', async () => {
    const root = fakeProject()
    fs.writeFileSync(path.join(root, 'node_modules/next/dist/bin/next'), 'process.exit(3)')
    const lines: string[] = []
    await expect(buildAdmin(root, process.env, (line) => lines.push(line))).rejects.toThrow(
      'next build failed (exit 3)',
    )
    expect(lines).toContainEqual(expect.stringMatching(/^import map: done in [\d.]+ s$/))
    expect(fs.existsSync(path.join(root, 'cms/.next/belong-source-hash'))).toBe(false)
  })
})
