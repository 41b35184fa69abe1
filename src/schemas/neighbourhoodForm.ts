/** The neighbourhood form's fields and its check, shared by the island and the no-script form. */
import { MESSAGES } from '@/rules/messages'
import { neighbourhoodSchema } from './neighbourhood'

/** What the form holds: text as typed, vibes as the chosen list. */
export interface FormValues {
  name: string
  slug: string
  tagline: string
  vibes: string[]
  latitude: string
  longitude: string
}

/** The body POSTed or PATCHed to /api/neighbourhoods (vibes as the spec's comma list). */
export interface NeighbourhoodBody {
  name: string
  slug: string
  tagline: string
  vibes: string
  latitude: number
  longitude: number
}

/** A coordinate typed in a text box: a finite number within ±limit, else undefined. */
export function parseCoordinate(text: string, limit: number): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  const n = Number(trimmed)
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : undefined
}

/** A picked coordinate as the inputs show it: at most 6 decimals (about 10 cm). */
export const formatCoordinate = (n: number): string => String(Number(n.toFixed(6)))

/**
 * SPEC §5 in the spec's order: name and slug, then latitude and longitude (the form needs both:
 * a neighbourhood without a point cannot be shown on the map), then the shared schema (slug
 * shape, tagline, vibes) so the form and the server say the same words.
 */
export function checkForm(
  values: FormValues,
): { ok: true; body: NeighbourhoodBody } | { ok: false; message: string } {
  if (!values.name.trim() || !values.slug.trim()) {
    return { ok: false, message: MESSAGES.nameAndSlugRequired }
  }
  const latitude = parseCoordinate(values.latitude, 90)
  const longitude = parseCoordinate(values.longitude, 180)
  if (latitude === undefined || longitude === undefined) {
    return { ok: false, message: MESSAGES.coordinatesInvalid }
  }
  const body: NeighbourhoodBody = {
    name: values.name.trim(),
    slug: values.slug.trim(),
    tagline: values.tagline.trim(),
    vibes: values.vibes.join(', '),
    latitude,
    longitude,
  }
  const parsed = neighbourhoodSchema.safeParse(body)
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.nameAndSlugRequired }
  }
  return { ok: true, body }
}
