import type { LocalBusiness } from '@/payload-types'
import type { CollectionBeforeValidateHook } from 'payload'

import { normaliseCategory as normalise } from '@/rules/localSpots'

/** Stores a known category as its key and free text ('Other') trimmed, as the rule says. */
export const normaliseCategory: CollectionBeforeValidateHook<LocalBusiness> = ({ data }) => {
  if (data && typeof data.category === 'string') data.category = normalise(data.category)
  return data
}
