/** Earliest and latest years a date in a form may have (the database and Payload both choke on
 * years outside four digits; nothing in the product is older than 1900). */
export const MIN_YEAR = 1900
export const MAX_YEAR = 9999

/** A date from a form or API client (ISO text or Date), or null when it is none or out of range. */
export function parseDateInput(value: unknown): Date | null {
  if (!(typeof value === 'string' || value instanceof Date)) return null
  if (typeof value === 'string' && value.trim() === '') return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return null
  const year = date.getUTCFullYear()
  return year >= MIN_YEAR && year <= MAX_YEAR ? date : null
}
