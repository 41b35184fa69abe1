import { expect, it } from 'vitest'

import { LIST_PAGES, prerenderedPaths } from '@/loaders/sitePaths'
import { pgPool } from '@/server/database/db'
import { testSiteForFile } from './harness'

/**
 * The static site's page list (src/loaders/sitePaths.ts): every neighbourhood and every public
 * story, with no cap (the old build stopped at 500 neighbourhoods by name).
 */
const { site } = testSiteForFile({})

it('lists every neighbourhood and every public story, and no private or hidden one', async () => {
  const db = pgPool(site.payload)
  const MANY = 1_200
  const { rows: made } = await db.query<{ id: number; slug: string }>(
    `INSERT INTO neighbourhoods (name, slug, tagline)
       SELECT 'Zz cap test ' || g, 'cap-test-' || g, 'Row ' || g FROM generate_series(1, $1::int) g
       RETURNING id, slug`,
    [MANY],
  )
  const last = made.at(-1)!
  const story = async (title: string, isPublic: boolean, hidden: boolean) =>
    (
      await db.query<{ id: number }>(
        `INSERT INTO stories (title, description, is_public, hidden, neighbourhood_id)
           VALUES ($1, 'A story.', $2, $3, $4) RETURNING id`,
        [title, isPublic, hidden, last.id],
      )
    ).rows[0]!.id
  const shown = await story('Public', true, false)
  const secret = await story('Private', false, false)
  const hidden = await story('Hidden', true, true)

  const paths = await prerenderedPaths(site.payload)
  for (const list of LIST_PAGES) expect(paths).toContain(list)
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM neighbourhoods')
  const neighbourhoodPaths = paths.filter((p) => /^\/neighbourhood\/[^/]+$/.test(p))
  expect(neighbourhoodPaths).toHaveLength(rows[0]!.n)
  expect(rows[0]!.n).toBeGreaterThanOrEqual(MANY)
  // Last by name and by id: what the old cap of 500 left out.
  expect(paths).toContain(`/neighbourhood/${last.slug}`)
  expect(new Set(paths).size).toBe(paths.length)

  expect(paths).toContain(`/neighbourhood/${last.slug}/story/${shown}`)
  expect(paths).not.toContain(`/neighbourhood/${last.slug}/story/${secret}`)
  expect(paths).not.toContain(`/neighbourhood/${last.slug}/story/${hidden}`)
})
