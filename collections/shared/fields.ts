import type { Field, FieldAccess } from 'payload'

import { isStaffUser } from '@collections/access'

/** The signed-in user who wrote the document; set by `setAuthor`, never from the body. */
export const authorField = (name = 'author'): Field => ({
  name,
  type: 'relationship',
  relationTo: 'users',
  index: true,
  access: { create: () => false, update: () => false },
  admin: { readOnly: true, position: 'sidebar' },
})

/** A field only editors and admins set; members' values are dropped without an error. */
const staffOnly: FieldAccess = ({ req }) => isStaffUser(req.user)
export const staffWrites = { create: staffOnly, update: staffOnly }

/** Editors and admins hide content; hidden documents vanish from every public read. */
export const hiddenField: Field = {
  name: 'hidden',
  type: 'checkbox',
  defaultValue: false,
  index: true,
  access: staffWrites,
  admin: { position: 'sidebar' },
}

/** Free tags (SPEC §5: comma-separated in forms, trimmed, empties dropped). */
export const tagsField: Field = { name: 'tags', type: 'text', hasMany: true, index: true }

/** The neighbourhood a piece of content belongs to (optional for events and discussions). */
export const neighbourhoodField = (required = false): Field => ({
  name: 'neighbourhood',
  type: 'relationship',
  relationTo: 'neighbourhoods',
  required,
  index: true,
})
