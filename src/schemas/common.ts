import { z } from './zod'

import { parseDateInput } from '@/rules/dates'
import { MESSAGES } from '@/rules/messages'
import { MENTION_LIMIT_MESSAGE, withinMentionLimit } from '@/rules/mentions'
import { normaliseTags } from '@/rules/tags'

/** PostgreSQL text cannot hold NUL characters; refuse them instead of failing to store them. */
const NUL = String.fromCharCode(0)
export const noNul = (value: string) => !value.includes(NUL)
export const NUL_MESSAGE = 'Text may not contain NUL characters.'

/** Non-blank text (after trimming) with the message users see when it is missing. */
export const requiredText = (message: string, max: number, tooLong: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong })
    .refine(noNul, { error: NUL_MESSAGE })

/** What members post (comments, discussions, stories, reviews): required text, few @mentions. */
export const postText = (message: string, max: number, tooLong: string) =>
  requiredText(message, max, tooLong).refine(withinMentionLimit, { error: MENTION_LIMIT_MESSAGE })

/** A related document by id: a number, a numeric string (forms) or a populated `{ id }`. */
export const relationId = (message: string) =>
  z.union(
    [
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d+$/)
        .transform((value) => Number(value)),
      z.object({ id: z.number().int().positive() }).transform((doc) => doc.id),
    ],
    { error: message },
  )

/** An uploaded image (media id); the media collection itself checks the file type. */
export const imageRef = relationId(MESSAGES.invalidImage).nullish()

/** Comma-separated text or a list → trimmed tags without empties (SPEC §5). */
export const tagsInput = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))], {
    error: 'Tags must be text, separated by commas.',
  })
  .nullish()
  .refine((tags) => [tags ?? []].flat().every((tag) => noNul(String(tag))), {
    error: NUL_MESSAGE,
  })
  .transform(normaliseTags)

const isDate = (value: string | Date) => parseDateInput(value) !== null

/** A date (with time) that must be given, in years 1900 to 9999. */
export const requiredDate = (message: string) =>
  z.union([z.string(), z.date()], { error: message }).refine(isDate, { error: message })

/** A date that may be left out (null or empty). */
export const optionalDate = (message: string) =>
  z
    .union([z.string(), z.date()], { error: message })
    .nullish()
    .refine((value) => value === null || value === undefined || value === '' || isDate(value), {
      error: message,
    })

export const flag = z.boolean({ error: 'Choose yes or no.' }).nullish()
