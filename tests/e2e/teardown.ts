import fs from 'node:fs'

/** The server has stopped (PostgreSQL with it); remove its temporary data folder. */
export default function teardown() {
  const dir = process.env.E2E_DATA_DIR
  if (dir && dir.includes('belong-e2e-')) fs.rmSync(dir, { recursive: true, force: true })
}
