/**
 * database/ — PostgreSQL and nothing else: queries and transactions on Payload's connection (db),
 * the supervised embedded server (postgres), what requests answer while it is down
 * (databaseDown), backups, the composite list indexes, after-commit callbacks, the one LISTEN
 * connection shared by every instance (changes) and which read replica a read goes to
 * (replicas). It imports no other server folder.
 */
import { sql, type PostgresAdapter } from '@payloadcms/db-postgres'
import {
  commitTransaction,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
} from 'payload'
import { escapeLiteral, type Pool, type PoolClient, type QueryResult } from 'pg'

export { sql }

/**
 * The database's clock in µs since 1970, as a live count's `countedAt`: read while the counted
 * row is locked, it orders the counts as their writes were ordered, whichever push comes first.
 */
export const COUNTED_AT = sql`(extract(epoch FROM clock_timestamp()) * 1000000)::bigint`

export type SQL = ReturnType<typeof sql>

/**
 * Payload's database adapter as the postgres adapter it is (payload.config.ts), with its pool,
 * drizzle and transaction sessions typed. This file and replicas.ts are the places that use
 * the adapter's internals.
 *
 * The tree's one double cast: Payload types `payload.db` as the generic DatabaseAdapter whatever
 * the config chose (its transaction sessions hold `unknown`, and it lacks the postgres adapter's
 * own members), so no single cast reaches PostgresAdapter; the config is what says it is one.
 */
export const postgresAdapter = (payload: Payload) => payload.db as unknown as PostgresAdapter

/**
 * The adapter's pg pool (the primary's), for reads outside any request (page loaders at build,
 * benchmarks).
 */
export function pgPool(payload: Payload): Pool {
  return postgresAdapter(payload).pool
}

/** Raw SQL inside the request's transaction (or on the pool when there is none). */
export async function query<T = Record<string, unknown>>(
  req: PayloadRequest,
  q: SQL,
): Promise<T[]> {
  const db = postgresAdapter(req.payload)
  const id = req.transactionID ? await req.transactionID : undefined
  const executor = (id !== undefined && db.sessions[String(id)]?.db) || db.drizzle
  const result = await executor.execute(q)
  return result.rows as T[]
}

/**
 * Runs `work` in one transaction owned by this call (custom endpoints get none from Payload):
 * commit on success, roll back on any error.
 */
export async function inTransaction<T>(req: PayloadRequest, work: () => Promise<T>): Promise<T> {
  const owned = await initTransaction(req)
  try {
    const result = await work()
    if (owned) await commitTransaction(req)
    return result
  } catch (error) {
    if (owned) await killTransaction(req)
    throw error
  }
}

/**
 * Runs `work` in a transaction on a pool client of its own (outside Payload's request
 * transactions: a job's batch, a read-only search): commit when it returns, roll back when it
 * throws; `begin` may set the transaction's mode and settings.
 */
export async function clientTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query(begin)
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

/** Serialises concurrent writers of one logical row (e.g. a user's reaction to one target). */
export async function lockKey(req: PayloadRequest, key: string): Promise<void> {
  await query(req, sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`)
}

/** A value of a statement sent as text (the simple protocol takes no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number' && Number.isFinite(value)) return `(${value})`
  if (typeof value === 'boolean') return String(value)
  if (value instanceof Date) return escapeLiteral(value.toISOString())
  // The query text is one C string: a NUL would cut it short (text columns refuse it anyway).
  if (typeof value === 'string' && !value.includes('\0')) return escapeLiteral(value)
  throw new Error(
    `No SQL literal for ${typeof value === 'string' ? 'a string with NUL' : typeof value}`,
  )
}

/**
 * Runs statements in ONE round trip, as one transaction of their own (PostgreSQL's simple query:
 * statements sent together commit together, or none does, and each takes a fresh snapshot, so
 * one that waits for a row lock lets the next see everything committed before it). For a hot
 * write whose BEGIN and COMMIT would double its round trips. Values are written into the text
 * with pg's escapeLiteral; the statements use none of drizzle's tables or columns. On the primary.
 * Inside a request's transaction (the seed's, a job's) they run one after another in it instead.
 * Answers the last statement's rows.
 */
export async function runTogether<T>(req: PayloadRequest, statements: SQL[]): Promise<T[]> {
  if (req.transactionID) {
    let rows: T[] = []
    for (const statement of statements) rows = await query<T>(req, statement)
    return rows
  }
  const text = statements
    .map(
      (statement) =>
        statement.toQuery({
          casing: undefined as never,
          escapeName: (name) => `"${name.replace(/"/g, '""')}"`,
          escapeParam: (_index, value) => literal(value),
          escapeString: escapeLiteral,
        }).sql,
    )
    .join(';\n')
  const results = (await pgPool(req.payload).query(text)) as QueryResult | QueryResult[]
  const last = Array.isArray(results) ? results[results.length - 1]! : results
  return last.rows as T[]
}

/** Snake-case table/column name Payload's postgres adapter uses for a slug or field name. */
export const tableName = (slug: string) => slug.replace(/-/g, '_')
export const columnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Locks one row until the transaction ends: writers of the same target's counters queue up. */
export async function lockRow(req: PayloadRequest, table: string, id: number): Promise<void> {
  await query(req, sql`SELECT id FROM ${sql.raw(`"${table}"`)} WHERE id = ${id} FOR UPDATE`)
}

/** What surfaceCommitFailures wraps, as it calls it (drizzle's own types are generic over the schema). */
interface Committing {
  drizzle: {
    transaction(work: (tx: object) => Promise<unknown>, options?: unknown): Promise<unknown>
  }
  sessions: Record<string, { db: object } | undefined>
  commitTransaction: (id: string | number | Promise<string | number>) => Promise<void>
}

/**
 * Payload's postgres adapter swallows a failed COMMIT (its `commitTransaction` catches the
 * error, and the transaction's promise was already `.catch`-ed in `beginTransaction`): if the
 * database dies at that moment the API answers 201 for a write that was never committed. This
 * keeps each transaction's outcome beside its `tx` and makes `commitTransaction` rethrow it, so
 * the request fails (503 while the database is down) instead of acknowledging a lost write.
 */
export function surfaceCommitFailures(payload: Payload): void {
  const db: Committing = postgresAdapter(payload)
  const outcomes = new WeakMap<object, Promise<unknown>>()
  const transaction = db.drizzle.transaction.bind(db.drizzle)
  db.drizzle.transaction = (work, options) => {
    const outcome: Promise<unknown> = transaction(async (tx) => {
      outcomes.set(tx, outcome)
      return work(tx)
    }, options)
    return outcome
  }
  const commit = db.commitTransaction.bind(db)
  db.commitTransaction = async (incoming) => {
    const id = await incoming
    const tx = db.sessions[String(id)]?.db
    await commit(id)
    const outcome = tx && outcomes.get(tx)
    if (outcome) await outcome // rejects when COMMIT (or the connection) failed
  }
}
