import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, expect, test } from 'vitest'

import { startEmbeddedPostgres } from '@/server/postgres'

const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-closed-')) // 0700, like a home
afterAll(() => fs.rmSync(closed, { recursive: true, force: true }))

// As root PostgreSQL runs as `nobody`; the cluster must stay under DATA_DIR, never /var/tmp.
test.skipIf(process.getuid?.() !== 0)(
  'as root, a data folder "nobody" cannot reach is refused with the two ways out',
  async () => {
    const dir = path.join(closed, 'data')
    const error = await startEmbeddedPostgres({ dir }).catch((e: Error) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toContain(`cannot enter ${closed}`)
    expect((error as Error).message).toContain('DATA_DIR=/var/lib/belong')
    expect((error as Error).message).toContain(`chmod o+x ${closed}`)
    expect(fs.existsSync(path.join(dir, 'pg-location.txt'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'pg'))).toBe(false)
  },
)
