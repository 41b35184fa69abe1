import type { Neighbourhood } from '@/payload-types'
import type { CollectionBeforeValidateHook } from 'payload'

import { parseVibes } from '@/rules/vibes'

/** Form input as stored: name, slug and tagline trimmed; vibes from "Calm, Creative" to a list. */
export const normaliseNeighbourhood: CollectionBeforeValidateHook<Neighbourhood> = ({ data }) => {
  if (!data) return data
  const next: Record<string, unknown> = { ...data }
  for (const key of ['name', 'slug', 'tagline']) {
    if (typeof next[key] === 'string') next[key] = (next[key] as string).trim()
  }
  if ('vibes' in next) next.vibes = parseVibes(next.vibes)
  return next
}
