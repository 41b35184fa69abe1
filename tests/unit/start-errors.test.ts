import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

/** Runs `npm start`'s script the way a newcomer would and collects what it prints. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { ...process.env, NODE_ENV: 'production', ADMIN: 'false', ...env },
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    child.on('exit', (code) => resolve({ code, output }))
  })
}

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-start-'))
  fs.chmodSync(dir, 0o755)
  dirs.push(dir)
  return dir
}

describe('npm start explains why it cannot start', () => {
  it('names the taken port and how to choose another', async () => {
    const blocker = net.createServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()))
    const port = (blocker.address() as net.AddressInfo).port
    const { code, output } = await start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDataDir(),
    })
    blocker.close()
    expect(code).toBe(1)
    expect(output).toContain(`Port ${port} is already in use`)
    expect(output).toContain('PORT=')
  }, 30_000)

  it('says PostgreSQL did not start, with its own words, when the cluster is unusable', async () => {
    const dataDir = tempDataDir()
    fs.mkdirSync(path.join(dataDir, 'pg'), { recursive: true })
    fs.writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '9\n')
    const { code, output } = await start({ PORT: '0', DATA_DIR: dataDir })
    expect(code).toBe(1)
    expect(output).toContain('PostgreSQL did not start')
    expect(output).toMatch(/Its last words:\n {2}postgres: .+/)
  }, 60_000)
})
