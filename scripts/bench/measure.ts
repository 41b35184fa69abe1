import type pg from 'pg'

/** Prints the row count of each table: the size the bench ran on. */
export async function logRowCounts(db: pg.Client, tables: readonly string[]) {
  for (const table of tables) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM ${table}`)
    console.log(`  ${table}: ${rows[0].n}`)
  }
}

/** `run` timed 20 times after 3 warm-ups, in ms, fastest first: [10] is the median, [18] the p95. */
export async function sampleTimes(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await run()
  const times: number[] = []
  for (let i = 0; i < 20; i++) {
    const s = performance.now()
    await run()
    times.push(performance.now() - s)
  }
  return times.sort((a, b) => a - b)
}
