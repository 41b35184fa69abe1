import type { Neighbourhood } from '@/payload-types'
import type { CollectionBeforeChangeHook } from 'payload'

import { coordinatesOf, pointText } from '@/rules/location'

/**
 * `location` is derived, never written by clients: 'POINT(lon lat)' from latitude and
 * longitude (the spec's PostGIS centroid has no home in the embedded PostgreSQL).
 */
export const setLocation: CollectionBeforeChangeHook<Neighbourhood> = ({ data, originalDoc }) => {
  const latitude = 'latitude' in data ? data.latitude : originalDoc?.latitude
  const longitude = 'longitude' in data ? data.longitude : originalDoc?.longitude
  const point = coordinatesOf(latitude, longitude)
  return { ...data, location: point ? pointText(point.latitude, point.longitude) : null }
}
