import { z } from '@/schemas/zod'

/** The largest id a row can have (PostgreSQL's integer); a larger one is no such thing. */
const MAX_ID = 2 ** 31 - 1

/**
 * `{id}` in a path: a document's id. The route hands digits as text, a client a number; anything
 * else, or an id no row can have, is no such thing (404).
 */
export const idParams = z.object({
  id: z.union([
    z.number().int().min(0).max(MAX_ID),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(z.number().max(MAX_ID)),
  ]),
})
