import type { ParsedInputOf } from '@/contracts/contract'
import type { Contracts } from '@/contracts'
import { relId } from '@/views/media'

/** The stored fields of a neighbourhood from its form's parsed input (submit and edit alike). */
export const neighbourhoodData = (input: ParsedInputOf<Contracts['neighbourhoods.edit']>) => ({
  name: input.name,
  slug: input.slug,
  tagline: input.tagline,
  vibes: input.vibes,
  latitude: input.latitude,
  longitude: input.longitude,
  // Left out, the image stays; null takes it away.
  ...(input.image !== undefined ? { image: relId(input.image) } : {}),
})
