import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, expect, test } from 'vitest'

import { clusterPathOf } from '@/server/database/clusterHome'
import { startEmbeddedPostgres } from '@/server/database/postgres'

const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-closed-')) // 0700, like a home
const open = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-clusters-'))
fs.chmodSync(open, 0o755)
afterAll(() => {
  for (const dir of [closed, open]) fs.rmSync(dir, { recursive: true, force: true })
})

// As root PostgreSQL runs as `nobody`; a clone in root's own 0700 home must still start, with the
// cluster kept in a persistent folder `nobody` can reach (never /var/tmp), named by DATA_DIR.
test.skipIf(process.getuid?.() !== 0)(
  'as root, a data folder "nobody" cannot reach starts, its cluster kept where nobody can go',
  async () => {
    process.env.BELONG_CLUSTER_HOME = open
    const dir = path.join(closed, 'data')
    const notices: string[] = []
    const server = await startEmbeddedPostgres({
      dir,
      databases: ['belong'],
      notice: (line) => notices.push(line),
    })
    try {
      expect(server.dataDir.startsWith(`${open}/`)).toBe(true)
      expect(clusterPathOf(dir)).toBe(server.dataDir)
      expect(notices.join('\n')).toContain(`cannot enter ${closed}`)
      expect(notices.join('\n')).toContain(server.dataDir)
      const client = new pg.Client({ connectionString: server.url('belong') })
      await client.connect()
      expect((await client.query('SELECT 1 AS one')).rows[0]).toEqual({ one: 1 })
      await client.end()
    } finally {
      await server.stop()
    }
    // The same DATA_DIR finds the same cluster again.
    const again = await startEmbeddedPostgres({ dir })
    expect(again.dataDir).toBe(server.dataDir)
    await again.stop()
    delete process.env.BELONG_CLUSTER_HOME
  },
  60_000,
)
