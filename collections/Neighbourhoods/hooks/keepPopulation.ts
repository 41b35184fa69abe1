import type { Neighbourhood } from '@/payload-types'
import type { CollectionBeforeChangeHook } from 'payload'

const POPULATION_FIELDS = [
  'populationEstimate',
  'populationYear',
  'populationSource',
  'populationQuality',
] as const

/**
 * A population belongs to the place's point: an update that leaves the point where it was keeps
 * the stored figures when it brings none. A version restored from before the lookup (which
 * stores its figures after the create, outside the versions) would otherwise wipe them.
 */
export const keepPopulation: CollectionBeforeChangeHook<Neighbourhood> = ({
  data,
  operation,
  originalDoc,
}) => {
  if (operation !== 'update' || !originalDoc) return data
  const moved =
    (data.latitude !== undefined && data.latitude !== originalDoc.latitude) ||
    (data.longitude !== undefined && data.longitude !== originalDoc.longitude)
  if (moved || originalDoc.populationEstimate == null) return data
  const kept = { ...data }
  for (const field of POPULATION_FIELDS)
    if (kept[field] == null) Object.assign(kept, { [field]: originalDoc[field] })
  return kept
}
