import { isDate } from './queryWhere'
import type { FieldsOf } from './queryFields'

/**
 * What is wrong with a JSON write body to a collection route, or null. Payload takes the body
 * as the document's data: a JSON string, number or list there threw (a 500), as did a
 * timestamp PostgreSQL cannot hold. Payload's own
 * collections (admin preferences, document locks) have no rules of ours on their data, so
 * their fields' JSON types are checked here (PostgreSQL refused the rest with a 500).
 */
export function bodyProblem(fields: FieldsOf, slug: string, text: string): string | null {
  const body = text.trim() === '' ? {} : jsonObject(text)
  if (!body) return 'The body must be a JSON object.'
  // Payload's own timestamps are checked by nobody before PostgreSQL (which answered a 500).
  for (const key of ['createdAt', 'updatedAt'])
    if (body[key] != null && (typeof body[key] !== 'string' || !isDate(body[key])))
      return `The field ${key} must be a date.`
  if (!slug.startsWith('payload-')) return null
  for (const [key, value] of Object.entries(body)) {
    const types = JSON_TYPES[fields.get(key)?.kind ?? '']
    if (types && value !== null && !types.includes(typeof value))
      return `The field ${key} must be a ${types.join(' or ')}.`
  }
  return null
}

/** The JSON types each kind of field takes. */
const JSON_TYPES: Partial<Record<string, string[]>> = {
  id: ['number'],
  text: ['string'],
  select: ['string'],
  date: ['string'],
  number: ['number'],
  checkbox: ['boolean'],
}

/** A JSON object's value, or null for anything else (other JSON, or not JSON). */
export function jsonObject(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'string') return null
  try {
    const parsed: unknown = JSON.parse(value)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
