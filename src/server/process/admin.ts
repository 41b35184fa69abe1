import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { hashSources } from '@/server/site/sourceHash'
import type { AdminHandler } from '@/server/site/site'

/** The Payload admin is a Next app in cms/, built once per source change and run in-process. */
export const ADMIN_SOURCES = [
  'cms',
  'collections',
  'payload.config.ts',
  'package-lock.json',
  'tsconfig.json',
  // What the collections import.
  'src/server',
  'src/rules',
  'src/schemas',
  'src/views',
]

export function adminBuildNeeded(projectRoot: string): boolean {
  const stamp = path.join(projectRoot, 'cms', '.next', 'belong-source-hash')
  const current = hashSources(projectRoot, ADMIN_SOURCES)
  return !fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== current
}

export function buildAdmin(projectRoot: string, env: NodeJS.ProcessEnv, progress: boolean) {
  const hash = hashSources(projectRoot, ADMIN_SOURCES)
  const nextBin = path.join(projectRoot, 'node_modules', 'next', 'dist', 'bin', 'next')
  const payloadBin = path.join(projectRoot, 'node_modules', 'payload', 'bin.js')
  const run = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        cwd: projectRoot,
        env: {
          ...env,
          NODE_ENV: 'production',
          NEXT_TELEMETRY_DISABLED: '1',
          PAYLOAD_CONFIG_PATH: 'payload.config.ts',
        },
        stdio: progress ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-6000)))
      child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-6000)))
      child.on('error', reject)
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${args[1]} failed (${code})\n${output}`)),
      )
    })
  return (async () => {
    await run([payloadBin, 'generate:importmap'])
    await run([nextBin, 'build', 'cms'])
    fs.writeFileSync(path.join(projectRoot, 'cms', '.next', 'belong-source-hash'), hash)
  })()
}

export async function startAdmin(projectRoot: string, dev = false): Promise<AdminHandler> {
  const { default: next } = await import('next')
  const app = next({ dev, dir: path.join(projectRoot, 'cms'), quiet: !dev })
  await app.prepare()
  const handle = app.getRequestHandler()
  return (req, res) => handle(req, res)
}
