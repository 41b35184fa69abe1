import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { startEmbeddedPostgres } from '@/server/database/postgres'

/**
 * One embedded PostgreSQL per test run. The schema is migrated once into `belong_template`;
 * each test file then copies it (CREATE DATABASE … TEMPLATE, ~0.2 s).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-test-pg-'))
  fs.chmodSync(dir, 0o755)
  const pg = await startEmbeddedPostgres({
    dir,
    databases: ['belong_template'],
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  })
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
    env: { ...process.env, DATABASE_URL: pg.url('belong_template'), NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  project.provide('pgUrl', pg.url('postgres'))
  return async () => {
    await pg.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string
  }
}
