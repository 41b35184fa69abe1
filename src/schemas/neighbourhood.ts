import { z } from './zod'

import { MESSAGES } from '@/rules/messages'
import { isSlug } from '@/rules/slug'
import { VIBES, parseVibes } from '@/rules/vibes'

const text = (required: string, max: number) =>
  z.string({ message: required }).trim().min(1, required).max(max, MESSAGES.neighbourhoodTooLong)

const coordinate = (limit: number) =>
  z
    .number({ message: MESSAGES.coordinatesInvalid })
    .min(-limit, MESSAGES.coordinatesInvalid)
    .max(limit, MESSAGES.coordinatesInvalid)
    .nullish()

const relationId = z.union([
  z.number(),
  z.string(),
  z.object({ id: z.union([z.number(), z.string()]) }),
])

/**
 * The neighbourhood form (SPEC §5): name, slug, tagline and vibes required; vibes as a
 * comma-separated string or a list; the slug as `slugify` makes it; latitude and longitude
 * numeric, given together or not at all.
 */
export const neighbourhoodSchema = z
  .object({
    name: text(MESSAGES.nameAndSlugRequired, 100),
    slug: text(MESSAGES.nameAndSlugRequired, 100).refine(isSlug, MESSAGES.slugInvalid),
    tagline: text(MESSAGES.taglineRequired, 200),
    vibes: z.preprocess(
      parseVibes,
      z
        .array(z.enum(VIBES, { message: MESSAGES.vibeUnknown }), {
          message: MESSAGES.vibesRequired,
        })
        .min(1, MESSAGES.vibesRequired),
    ),
    latitude: coordinate(90),
    longitude: coordinate(180),
    image: relationId.nullish(),
  })
  .refine((n) => (n.latitude == null) === (n.longitude == null), {
    message: MESSAGES.coordinatesInvalid,
  })

export type NeighbourhoodInput = z.input<typeof neighbourhoodSchema>
