import { index } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { PostgresAdapterArgs } from '@payloadcms/db-postgres'

type PostgresSchemaHook = NonNullable<PostgresAdapterArgs['afterSchemaInit']>[number]

type Columns = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- drizzle column builders

/**
 * Composite indexes for the sorted lists of SPEC §7 that single-column indexes serve poorly.
 * Payload's own `indexes` option names compound indexes after their fields only, so equal field
 * lists in two collections would collide; these are named per table.
 */
const LIST_INDEXES: Record<string, Record<string, string[]>> = {
  reviews: {
    reviews_neighbourhood_newest_idx: ['neighbourhood', 'createdAt'],
    reviews_neighbourhood_rating_idx: ['neighbourhood', 'rating'],
  },
  notifications: { notifications_user_newest_idx: ['user', 'createdAt'] },
  discussions: { discussions_popular_idx: ['reactionCount', 'createdAt'] },
  stories: { stories_neighbourhood_newest_idx: ['neighbourhood', 'createdAt'] },
  events: { events_public_soonest_idx: ['isPublic', 'eventDate'] },
  local_businesses: { local_businesses_neighbourhood_newest_idx: ['neighbourhood', 'createdAt'] },
}

export const addListIndexes: PostgresSchemaHook = ({ schema, extendTable }) => {
  for (const [tableName, indexes] of Object.entries(LIST_INDEXES)) {
    const table = schema.tables[tableName]
    if (!table) continue
    extendTable({
      table,
      extraConfig: (columns: Columns) =>
        Object.fromEntries(
          Object.entries(indexes).map(([name, fields]) => {
            const [first, ...rest] = fields.map((f) => columns[f]!)
            return [name, index(name).on(first!, ...rest)]
          }),
        ),
    })
  }
  return schema
}
