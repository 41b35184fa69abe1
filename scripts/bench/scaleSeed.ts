import type pg from 'pg'

/** Multiplies the seed: copies of every neighbourhood and its content, plus reactions. */
export async function scaleUp(client: pg.Client, factor: number) {
  const copies = factor - 1
  await client.query(`
    INSERT INTO neighbourhoods (name, slug, tagline, latitude, longitude, created_by_id, image_id, updated_at, created_at)
    SELECT n.name || ' ' || g, n.slug || '-' || g, n.tagline, n.latitude, n.longitude, n.created_by_id, n.image_id, now(), now() - (g || ' hours')::interval
      FROM neighbourhoods n, generate_series(1, ${copies}) g`)
  await client.query(`
    INSERT INTO reviews (neighbourhood_id, user_id, author_name, rating, comment, updated_at, created_at)
    SELECT c.id, r.user_id, r.author_name, r.rating, r.comment, now(), r.created_at - (g || ' days')::interval
      FROM reviews r
      JOIN neighbourhoods o ON o.id = r.neighbourhood_id
      CROSS JOIN generate_series(1, ${copies}) g
      JOIN neighbourhoods c ON c.slug = o.slug || '-' || g`)
  // Each review gets reactions from up to 3 users.
  await client.query(`
    INSERT INTO reactions (target_kind, target_id, user_id, emoji, updated_at, created_at)
    SELECT 'review', r.id, u.id, (ARRAY['heart','thumbs-up','thumbs-down'])[1 + (r.id + u.id) % 3]::enum_reactions_emoji, now(), now()
      FROM reviews r JOIN users u ON (r.id + u.id) % 3 = 0 AND u.id <> coalesce(r.user_id, 0)
     WHERE u.id <= 8
    ON CONFLICT DO NOTHING`)
  await client.query(`UPDATE reviews r SET reaction_count = x.n FROM
      (SELECT target_id, count(*) n FROM reactions WHERE target_kind = 'review' GROUP BY 1) x WHERE x.target_id = r.id`)
  for (const table of ['discussions', 'stories', 'events', 'polls']) {
    const { rows } = await client.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND column_name NOT IN ('id')`,
      [table],
    )
    const cols = rows.map((r) => `"${r.column_name}"`).join(', ')
    if (cols) {
      await client.query(
        `INSERT INTO ${table} (${cols}) SELECT ${cols} FROM ${table}, generate_series(1, ${copies})`,
      )
    }
  }
}
