import type { QueryResultRow } from 'pg'

/** What a probe needs of a pg Pool (tests hand it a stand-in). */
export interface Queryable {
  query<T extends QueryResultRow>(text: string, values: unknown[]): Promise<{ rows: T[] }>
}

/**
 * A query that gives up after `ms`: a probe or a scrape must answer while the database hangs
 * (the query itself runs on; its connection comes back when it ends).
 */
export async function timedQuery<T extends QueryResultRow>(
  pool: Queryable,
  ms: number,
  text: string,
  values: unknown[],
): Promise<T[]> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`query timed out after ${ms} ms`)), ms)
  })
  try {
    const { rows } = await Promise.race([pool.query<T>(text, values), timeout])
    return rows
  } finally {
    clearTimeout(timer)
  }
}
