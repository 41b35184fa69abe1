import { z } from './zod'

import { HEX_COLOUR } from '@/rules/badges'
import { MESSAGES } from '@/rules/messages'
import { optionalDate, relationId, requiredText } from './common'

const colour = z
  .string({ error: MESSAGES.badgeColour })
  .regex(HEX_COLOUR, { error: MESSAGES.badgeColour })

/** A label staff pin on a local spot (SPEC local_business_badges). */
export const businessBadgeSchema = z.object({
  business: relationId('Choose the local spot.'),
  label: requiredText(MESSAGES.badgeLabelRequired, 40, 'Labels are limited to 40 characters.'),
  colour,
  expiresAt: optionalDate(MESSAGES.badgeDate),
})

/** A badge a user holds (SPEC user_badges); review badges are awarded by the server. */
export const userBadgeSchema = z.object({
  user: relationId('Choose the user.'),
  badgeName: requiredText(
    MESSAGES.badgeLabelRequired,
    60,
    'Badge names are limited to 60 characters.',
  ),
  colour,
  icon: z.string().max(16).nullish(),
  awardedAt: optionalDate(MESSAGES.badgeDate),
  expiresAt: optionalDate(MESSAGES.badgeDate),
})
