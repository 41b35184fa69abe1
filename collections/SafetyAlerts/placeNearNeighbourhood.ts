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
 * An alert's place, as a lost and found post's: rounded to ≈100 m (the exact point never reaches
 * the database), and the rounded point must lie within 2 km of its neighbourhood's point. The
 * refusal names the latitude field, so the form shows it beside the place.
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
  const rounded = roughPlace(place)
  if (!point || metresBetween(point, rounded) > MAX_METRES_FROM_NEIGHBOURHOOD) {
    const message = ALERT_MESSAGES.tooFar
    throw new APIError(message, 400, { errors: [{ path: 'latitude', message }] }, true)
  }
  return { ...data, ...rounded }
}
