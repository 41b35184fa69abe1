import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

/**
 * Builds one data folder for all fault tests: migrated embedded database and a site build
 * (`scripts/start.ts --build-only`, SEED=false). Each test copies it (tests/faults/harness.ts).
 * The same start builds the admin when its sources changed (cms/.next, kept by their hash): the
 * fault sites run without it, but the e2e server that `npm test` starts after them then finds it
 * built instead of building it while the suite waits.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-faults-template-'))
  fs.chmodSync(dir, 0o755)
  const started = Date.now()
  const { status } = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/start.ts', '--build-only'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 480_000,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SEED: 'false',
        DATA_DIR: dir,
        DATABASE_URL: '',
        PUBLIC_URL: 'http://127.0.0.1:3000',
      },
    },
  )
  if (status !== 0) throw new Error('could not build the fault tests’ template data folder')
  console.log(
    `faults: template data folder ready in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  )
  project.provide('faultsTemplate', dir)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultsTemplate: string
  }
}
