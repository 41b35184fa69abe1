import type { CollectionBeforeChangeHook, Field } from 'payload'

/**
 * A count kept by the server in SQL (reactions, comments, RSVPs) in the same transaction as the
 * rows it counts. No client writes it: a value in the body is dropped and 0 is stored on create.
 */
export const counterField = (name: string, index = false): Field => ({
  name,
  type: 'number',
  defaultValue: 0,
  min: 0,
  index,
  access: { create: () => false, update: () => false },
  admin: { readOnly: true, position: 'sidebar' },
})

/**
 * An edit must not write back the counters it read at its start: a reaction committed in between
 * would be lost. Leaving them out of the update keeps the columns as the SQL recount left them.
 */
export const keepCounters =
  (...names: string[]): CollectionBeforeChangeHook =>
  ({ data, operation }) => {
    if (operation !== 'update') return data
    const rest = { ...data }
    for (const name of names) delete rest[name]
    return rest
  }
