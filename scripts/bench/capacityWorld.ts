import pg from 'pg'

import { startEmbeddedPostgres } from '@/server/database/postgres'

/** What the bench visits and writes to, read from the seeded data folder. */
export interface World {
  neighbourhood: { id: number; slug: string }
  /** The neighbourhood page's newest reviews (a member reacts to them). */
  reviews: number[]
  story: { id: number; path: string }
  event: { id: number; path: string }
  polls: number[]
  /** Every neighbourhood's id: the 2,000 open sockets are spread over their channels. */
  neighbourhoods: number[]
  /** E-mail addresses of members who may write (the demo's, and copies of one of them). */
  members: string[]
  /** The copies: they have voted on no poll yet (the demo members have, in the seed). */
  voters: string[]
}

const one = async <T>(db: pg.Client, sql: string, params: unknown[] = []): Promise<T> => {
  const { rows } = await db.query(sql, params)
  if (!rows[0]) throw new Error(`the seed has nothing for: ${sql}`)
  return rows[0] as T
}

/**
 * Picks the pages of the mix in the template's database and adds accounts, copies of a demo
 * member (same password), until each of the run's `votes` can be a new one (a member votes
 * once on a poll), with a fifth more for room.
 */
export async function prepareWorld(template: string, votes: number): Promise<World> {
  const postgres = await startEmbeddedPostgres({ dir: template, databases: ['belong'] })
  const db = new pg.Client({ connectionString: postgres.url('belong') })
  await db.connect()
  try {
    const busiest = await one<{ id: number; slug: string }>(
      db,
      `SELECT n.id, n.slug FROM neighbourhoods n JOIN reviews r ON r.neighbourhood_id = n.id
        GROUP BY n.id ORDER BY count(*) DESC LIMIT 1`,
    )
    const reviews = await db.query(
      'SELECT id FROM reviews WHERE neighbourhood_id = $1 ORDER BY created_at DESC LIMIT 10',
      [busiest.id],
    )
    const story = await one<{ id: number; slug: string }>(
      db,
      `SELECT s.id, n.slug FROM stories s JOIN neighbourhoods n ON n.id = s.neighbourhood_id
        WHERE NOT s.hidden ORDER BY s.created_at DESC LIMIT 1`,
    )
    const event = await one<{ id: number; slug: string }>(
      db,
      `SELECT e.id, n.slug FROM events e JOIN neighbourhoods n ON n.id = e.neighbourhood_id
        WHERE e.event_date > now() AND NOT e.cancelled AND NOT e.hidden ORDER BY e.event_date LIMIT 1`,
    )
    const polls = await db.query(
      'SELECT id FROM polls WHERE close_date > now() AND NOT hidden ORDER BY id',
    )
    const neighbourhoods = await db.query('SELECT id FROM neighbourhoods ORDER BY id')
    const members = () =>
      db.query(
        `SELECT email FROM users WHERE role = 'member' AND email LIKE '%@belong.local' ORDER BY id`,
      )
    await copyMember(db, 'kwame', Math.ceil((1.2 * votes) / Math.max(1, polls.rows.length)))
    const emails = (await members()).rows.map((r: { email: string }) => r.email)
    return {
      neighbourhood: { id: Number(busiest.id), slug: busiest.slug },
      reviews: reviews.rows.map((r: { id: number }) => Number(r.id)),
      story: { id: Number(story.id), path: `/neighbourhood/${story.slug}/stories/${story.id}` },
      event: { id: Number(event.id), path: `/neighbourhood/${event.slug}/events` },
      polls: polls.rows.map((r: { id: number }) => Number(r.id)),
      neighbourhoods: neighbourhoods.rows.map((r: { id: number }) => Number(r.id)),
      members: emails,
      voters: emails.filter((email) => email.startsWith(COPY_PREFIX)),
    }
  } finally {
    await db.end()
    await postgres.stop()
  }
}

const COPY_PREFIX = 'bench-'

/** `count` accounts made from `userName`'s row: new name and address, the same password. */
async function copyMember(db: pg.Client, userName: string, count: number) {
  if (count <= 0) return
  const { rows } = await db.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_name = 'users' AND column_name NOT IN ('id', 'email', 'user_name', 'user_name_key', 'name')`,
  )
  const cols = rows.map((r: { column_name: string }) => `"${r.column_name}"`)
  await db.query(
    `INSERT INTO users (email, user_name, user_name_key, name, ${cols.join(', ')})
     SELECT $3 || g || '@belong.local', $3 || g, $3 || g, 'Bench member ' || g,
            ${cols.map((c) => `u.${c}`).join(', ')}
       FROM users u, generate_series(1, $2::int) g WHERE u.user_name = $1`,
    [userName, count, COPY_PREFIX],
  )
}
