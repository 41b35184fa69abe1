import type { Field } from 'payload'

/** A field set on create that no edit changes (e.g. the neighbourhood of an event, SPEC §7). */
export const immutable = (field: Field): Field =>
  ({ ...field, access: { ...(field as { access?: object }).access, update: () => false } }) as Field
