import { z } from './zod'

/** POST /api/follows/toggle: the neighbourhood to follow or stop following. */
export const followToggleSchema = z.object({
  neighbourhood: z.coerce
    .number({ message: 'Unknown neighbourhood.' })
    .int({ message: 'Unknown neighbourhood.' })
    .positive({ message: 'Unknown neighbourhood.' })
    .max(2 ** 31 - 1, { message: 'Unknown neighbourhood.' }),
})
