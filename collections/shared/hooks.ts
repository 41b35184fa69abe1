import type { CollectionBeforeChangeHook, CollectionBeforeValidateHook } from 'payload'
import { APIError } from 'payload'
import type { ZodType } from 'zod'

/** On create the author is the session's user; on update it never changes. */
export const setAuthor =
  (field = 'author'): CollectionBeforeChangeHook =>
  ({ data, operation, req, originalDoc }) => {
    if (operation === 'create') return { ...data, [field]: req.user?.id ?? data[field] ?? null }
    return { ...data, [field]: originalDoc?.[field] }
  }

/**
 * Validates writes with the zod schema the widgets use too. The first issue's message is the
 * answer (400), so clients show the spec's wording.
 */
export const validateWith =
  (create: ZodType, update?: ZodType): CollectionBeforeValidateHook =>
  ({ data, operation, originalDoc }) => {
    const schema = operation === 'create' ? create : (update ?? create)
    const input = operation === 'create' ? data : { ...originalDoc, ...data }
    const parsed = schema.safeParse(input ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new APIError(issue?.message ?? 'Invalid input.', 400, null, true)
    }
    return data
  }
