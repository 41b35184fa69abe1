import { z } from './zod'

import { parseDateInput } from '@/rules/dates'
import {
  DESCRIPTION_MAX,
  LOST_FOUND_KINDS,
  LOST_FOUND_STATUSES,
  LOST_FOUND_TEXT as TEXT,
  LOST_FOUND_WHAT,
  MAX_PHOTOS,
  seenAtProblem,
  TITLE_MAX,
  TITLE_MIN,
} from '@/rules/lostFound'
import { PRIVATE_DETAIL_MESSAGES, findPrivateDetail } from '@/rules/privateDetails'
import { noNul, NUL_MESSAGE, relationId } from './common'

/** Public text: trimmed, within its bounds, with no phone number or e-mail address in it. */
const publicText = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: message })
    .refine(noNul, { error: NUL_MESSAGE })
    .superRefine((text, ctx) => {
      const found = findPrivateDetail(text)
      if (found) ctx.addIssue({ code: 'custom', message: PRIVATE_DETAIL_MESSAGES[found] })
    })

/** When it was lost or found: a date (with time) within the last 60 days, not ahead of now. */
const seenAt = z
  .string({ error: TEXT.seenAt })
  .superRefine((text, ctx) => {
    const date = parseDateInput(text)
    const problem = date ? seenAtProblem(date) : TEXT.seenAt
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform((text) => parseDateInput(text)!.toISOString())

const coordinate = (limit: number) =>
  z
    .number({ error: TEXT.place })
    .min(-limit, { error: TEXT.place })
    .max(limit, { error: TEXT.place })

/** Up to two uploaded photos (media ids, uploaded first with purpose 'lost-found-photo'). */
const photos = z
  .array(z.number().int().positive(), { error: TEXT.notYourPhoto })
  .max(MAX_PHOTOS, { error: TEXT.tooManyPhotos })

/** What a post says; the same rules on a new post and an edit. */
const postFields = {
  kind: z.enum(LOST_FOUND_KINDS, { error: TEXT.kind }),
  what: z.enum(LOST_FOUND_WHAT, { error: TEXT.what }),
  title: publicText(TITLE_MIN, TITLE_MAX, TEXT.title),
  description: publicText(0, DESCRIPTION_MAX, TEXT.description).optional(),
  seenAt,
  latitude: coordinate(90),
  longitude: coordinate(180),
}

export const lostFoundPostSchema = z.object({
  neighbourhood: relationId(TEXT.neighbourhoodNotFound),
  ...postFields,
  photos: photos.optional(),
})
export type LostFoundPostInput = z.input<typeof lostFoundPostSchema>

/** An edit sends the whole post again; photos left out keep the ones it has. */
export const lostFoundEditSchema = z.object({ ...postFields, photos: photos.optional() })
export type LostFoundEditInput = z.input<typeof lostFoundEditSchema>

export const lostFoundStatusSchema = z.object({
  status: z.enum(LOST_FOUND_STATUSES, { error: 'Choose open or reunited.' }),
})

/** A map's pins: every neighbourhood's, or one's. */
export const lostFoundPinsSchema = z.object({
  neighbourhood: relationId(TEXT.neighbourhoodNotFound).optional(),
})
