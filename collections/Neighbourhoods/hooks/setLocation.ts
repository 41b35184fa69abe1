import type { CollectionBeforeChangeHook } from 'payload'

import { hasCoordinates, pointText } from '@/rules/location'

/**
 * `location` is derived, never written by clients: 'POINT(lon lat)' from latitude and
 * longitude (the spec's PostGIS centroid has no home in the embedded PostgreSQL).
 */
export const setLocation: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const latitude = 'latitude' in data ? data.latitude : originalDoc?.latitude
  const longitude = 'longitude' in data ? data.longitude : originalDoc?.longitude
  return {
    ...data,
    location: hasCoordinates(latitude, longitude) ? pointText(latitude, longitude) : null,
  }
}
