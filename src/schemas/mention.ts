import { z } from './zod'

/** How many members the @mention picker offers at once. */
export const MENTION_SUGGESTIONS = 8

/** GET /api/users/mentionable?q=: the start of a user name, as typed after '@'. */
export const mentionSearchSchema = z.object({
  q: z
    .string()
    .max(30, { error: 'User names are at most 30 characters.' })
    .regex(/^[A-Za-z0-9_.-]*$/, {
      error: "A user name has only letters, digits, '_', '.' and '-'.",
    })
    .default(''),
})

/** A member the picker offers: only what their public profile shows. */
export interface MentionableMember {
  userName: string
  name: string | null
}
