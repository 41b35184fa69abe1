import type { CollectionBeforeChangeHook } from 'payload'
import { APIError } from 'payload'

import { coordinatesOf } from '@/rules/location'
import { MAX_METRES_FROM_NEIGHBOURHOOD, metresBetween, roughPlace } from '@/rules/roughPlace'
import { ALERT_MESSAGES } from '@/rules/safetyAlerts'
import { query, sql } from '@/server/database/db'
import { relId } from '@/views/media'

/** A number as forms, the database (numeric columns read as text) or a client give it. */
const asNumber = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value)

/**
 * An alert's place must lie within 2 km of its neighbourhood's point, and only its rounded form
 * (≈100 m) is stored: the exact point never reaches the database.
 */
export const placeNearNeighbourhood: CollectionBeforeChangeHook = async ({
  data,
  req,
  originalDoc,
}) => {
  const given = (name: 'latitude' | 'longitude') =>
    name in data ? data[name] : (originalDoc as Record<string, unknown> | undefined)?.[name]
  const place = coordinatesOf(asNumber(given('latitude')), asNumber(given('longitude')))
  if (!place) return { ...data, latitude: null, longitude: null }
  const neighbourhood = relId(data.neighbourhood ?? originalDoc?.neighbourhood)
  const [centre] = await query<{ latitude: number | null; longitude: number | null }>(
    req,
    sql`SELECT latitude, longitude FROM neighbourhoods WHERE id = ${Number(neighbourhood)}`,
  )
  const point = coordinatesOf(asNumber(centre?.latitude), asNumber(centre?.longitude))
  if (!point || metresBetween(point, place) > MAX_METRES_FROM_NEIGHBOURHOOD)
    throw new APIError(ALERT_MESSAGES.tooFar, 400, null, true)
  return { ...data, ...roughPlace(place) }
}
