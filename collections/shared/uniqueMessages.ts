import type { CollectionAfterErrorHook } from 'payload'

interface FieldError {
  path?: string
  message?: string
}

/**
 * A unique index is the last guard against two writers taking the same value at once; the
 * database's refusal ("Value must be unique" on a field) is answered with the spec's words.
 * `messages` maps field names to the 400 message, e.g. { slug: MESSAGES.slugTaken }.
 */
export const uniqueMessages =
  (messages: Record<string, string>): CollectionAfterErrorHook =>
  ({ error, req }) => {
    const data = (error as { data?: { errors?: FieldError[] } }).data
    if (error.name !== 'ValidationError' || !Array.isArray(data?.errors)) return
    const unique = new Set(['Value must be unique', req.t?.('error:valueMustBeUnique')])
    const hit = data.errors.find((e) => e.path && messages[e.path] && unique.has(e.message ?? ''))
    if (!hit?.path) return
    return { response: { errors: [{ message: messages[hit.path] }] }, status: 400 }
  }
