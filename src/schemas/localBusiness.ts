import { z } from './zod'

import {
  CATEGORY_MAX_LENGTH,
  VIBE_EMOJI_NAMES,
  normaliseCategory,
  type VibeEmojiName,
} from '@/rules/localSpots'
import { MESSAGES } from '@/rules/messages'
import { imageRef, relationId, requiredText } from './common'

/** Web links only (no javascript: and the like), with a real host name. */
export const mapsUrlSchema = z.url({
  protocol: /^https?$/,
  hostname: z.regexes.domain,
  error: MESSAGES.mapsUrlInvalid,
})

/** SPEC §5 local spot form; the server runs it on every create and edit (merged with the spot). */
export const localBusinessSchema = z.object({
  name: requiredText(MESSAGES.spotNameRequired, 120, MESSAGES.spotNameTooLong),
  category: z
    .string({ error: MESSAGES.selectCategory })
    .transform(normaliseCategory)
    .pipe(
      z
        .string()
        .min(1, { error: MESSAGES.selectCategory })
        .max(CATEGORY_MAX_LENGTH, { error: MESSAGES.categoryTooLong }),
    ),
  description: z.string().max(2000, { error: MESSAGES.spotDescriptionTooLong }).nullish(),
  address: z.string().max(300, { error: MESSAGES.spotAddressTooLong }).nullish(),
  googleMapsUrl: z
    .union([z.literal(''), mapsUrlSchema], { error: MESSAGES.mapsUrlInvalid })
    .nullish(),
  image: imageRef,
  emojis: z
    .array(
      z.enum(VIBE_EMOJI_NAMES as [VibeEmojiName, ...VibeEmojiName[]], {
        error: MESSAGES.unknownVibeEmoji,
      }),
    )
    .nullish(),
  neighbourhood: relationId(MESSAGES.selectNeighbourhood),
})
export type LocalBusinessInput = z.input<typeof localBusinessSchema>
