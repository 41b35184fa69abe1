import { z } from '@/schemas/zod'

/**
 * `{id}` in a path: a document's id. The route hands digits as text, a client a number; anything
 * else is no such thing (404).
 */
export const idParams = z.object({
  id: z.union([
    z.number().int().min(0),
    z
      .string()
      .regex(/^\d{1,15}$/)
      .transform(Number),
  ]),
})
