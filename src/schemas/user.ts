import { z } from './zod'

import { MESSAGES } from '@/rules/messages'
import { USER_NAME_PATTERN } from '@/rules/userName'
import { notifyFieldSchema } from './notificationSettings'

export const userNameSchema = z
  .string({ message: MESSAGES.userNameInvalid })
  .regex(USER_NAME_PATTERN, {
    message: MESSAGES.userNameInvalid,
  })

/**
 * Profile writes. The user name may be missing (registration not finished yet) but, once
 * given, follows src/rules/userName.ts; uniqueness is the database's job (users.userNameKey).
 */
export const userSchema = z.object({
  userName: userNameSchema.nullish(),
  bio: z.string().max(500, MESSAGES.bioTooLong).nullish(),
  // Profile → Settings: only the listed choices (src/schemas/notificationSettings.ts).
  notify: notifyFieldSchema,
})
