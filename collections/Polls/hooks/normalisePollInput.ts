import type { FieldHook } from 'payload'

/**
 * The spec's clients send options as a list of text: store them as rows `{ text }`. A field hook,
 * so it runs before Payload reads the rows.
 */
export const optionsFromText: FieldHook = ({ value }) =>
  Array.isArray(value)
    ? value.map((option: unknown) => (typeof option === 'string' ? { text: option } : option))
    : value

/** A form's empty close date means none. */
export const emptyDateIsNone: FieldHook = ({ value }) => (value === '' ? null : value)
