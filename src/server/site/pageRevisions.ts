import type { Pool, PoolClient } from 'pg'

/**
 * Which version of each page is current, for machines that share pages through the bucket
 * (src/server/site/pageSync.ts). PostgreSQL is the manifest: a revision is taken from one
 * sequence before the page is rendered, so a higher revision never holds older data, and a
 * page is published only over a lower one, so announcements that arrive out of order (or a
 * regenerator that stalled while another took over) never put an older page back.
 */

/** One page as published: `gone` when it now answers 4xx (no file). */
export interface PageRevision {
  path: string
  revision: number
  gone: boolean
}

/** `count` fresh revisions, taken before the renders read the database. */
export async function reserveRevisions(
  client: PoolClient | Pool,
  count: number,
): Promise<number[]> {
  if (count <= 0) return []
  const { rows } = await client.query<{ r: string }>(
    `SELECT nextval('site_page_revision_seq')::text AS r FROM generate_series(1, $1)`,
    [count],
  )
  return rows.map((row) => Number(row.r))
}

/**
 * Publishes `pages` for `build`, each only over a lower revision. Returns the pages that took
 * effect (to announce) and the revisions they replaced (their bucket objects may go).
 */
export async function publishPages(
  client: PoolClient,
  build: string,
  pages: PageRevision[],
): Promise<{ published: PageRevision[]; replaced: PageRevision[] }> {
  if (!pages.length) return { published: [], replaced: [] }
  const { rows } = await client.query<{
    path: string
    revision: string
    gone: boolean
    replaced: string | null
    replaced_gone: boolean | null
  }>(
    `WITH d AS (SELECT * FROM unnest($2::text[], $3::bigint[], $4::bool[]) AS d(path, revision, gone)),
     old AS (SELECT p.path, p.revision, p.gone FROM site_pages p JOIN d USING (path) WHERE p.build = $1)
     INSERT INTO site_pages AS p (build, path, revision, gone)
       SELECT $1, path, revision, gone FROM d
     ON CONFLICT (build, path) DO UPDATE
       SET revision = EXCLUDED.revision, gone = EXCLUDED.gone, written_at = clock_timestamp()
       WHERE p.revision < EXCLUDED.revision
     RETURNING p.path, p.revision::text AS revision, p.gone,
       (SELECT old.revision::text FROM old WHERE old.path = p.path) AS replaced,
       (SELECT old.gone FROM old WHERE old.path = p.path) AS replaced_gone`,
    [build, pages.map((p) => p.path), pages.map((p) => p.revision), pages.map((p) => p.gone)],
  )
  return {
    published: rows.map((r) => ({ path: r.path, revision: Number(r.revision), gone: r.gone })),
    replaced: rows
      .filter((r) => r.replaced !== null)
      .map((r) => ({ path: r.path, revision: Number(r.replaced), gone: Boolean(r.replaced_gone) })),
  }
}

/** Every page of `build` published after `since` (a machine catching up). */
export async function pageManifest(
  pool: Pool,
  build: string,
  since: number,
): Promise<PageRevision[]> {
  const { rows } = await pool.query<{ path: string; revision: string; gone: boolean }>(
    `SELECT path, revision::text AS revision, gone FROM site_pages
      WHERE build = $1 AND revision > $2`,
    [build, since],
  )
  return rows.map((r) => ({ path: r.path, revision: Number(r.revision), gone: r.gone }))
}

/** The revision a shared build's prerender started at; undefined when it is not in the bucket. */
export async function sharedBuildBase(pool: Pool, build: string): Promise<number | undefined> {
  const { rows } = await pool.query<{ base: string }>(
    'SELECT base_revision::text AS base FROM site_builds WHERE build = $1',
    [build],
  )
  return rows[0] ? Number(rows[0].base) : undefined
}

/** The build's archive is in the bucket: other machines download it instead of building. */
export async function markBuildShared(pool: Pool, build: string, base: number): Promise<void> {
  await pool.query(
    'INSERT INTO site_builds (build, base_revision) VALUES ($1, $2) ON CONFLICT (build) DO NOTHING',
    [build, base],
  )
}

/**
 * Forgets all but the `keep` builds shared last (their manifest rows go too) and returns the
 * ones forgotten: a rolling deploy has machines on the newest two at most.
 */
export async function forgetOldBuilds(pool: Pool, keep: number): Promise<string[]> {
  const { rows } = await pool.query<{ build: string }>(
    `WITH old AS (
       DELETE FROM site_builds WHERE build IN (
         SELECT build FROM site_builds ORDER BY shared_at DESC, build OFFSET $1)
       RETURNING build)
     , pages AS (DELETE FROM site_pages WHERE build IN (SELECT build FROM old))
     SELECT build FROM old`,
    [keep],
  )
  return rows.map((row) => row.build)
}
