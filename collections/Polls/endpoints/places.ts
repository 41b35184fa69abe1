import { query, sql } from '@/server/database/db'
import { command } from '@collections/shared/command'

/** The form suggests at most this many (by name); any other slug may still be typed. */
const MAX_PLACES = 500

/** polls.places: the neighbourhoods the 'New Poll' form suggests, by name (one query). */
export const placesEndpoint = command('polls.places', async ({ req }) => ({
  neighbourhoods: await query<{ slug: string; name: string }>(
    req,
    sql`SELECT slug, name FROM neighbourhoods ORDER BY name, id LIMIT ${MAX_PLACES}`,
  ),
}))
