import type { Coordinates } from './location'

/**
 * A place people post (where a pet was last seen, where an alert happened) is kept and shown
 * only to about 100 m, so no post pins a home. Rounding happens before storing: the exact point
 * never reaches the database.
 */
const LATITUDE_STEP = 0.001 // ≈ 111 m
const LONGITUDE_STEP = 0.0015 // ≈ 104 m at London's latitude

const toStep = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(4))

export function roughPlace({ latitude, longitude }: Coordinates): Coordinates {
  return { latitude: toStep(latitude, LATITUDE_STEP), longitude: toStep(longitude, LONGITUDE_STEP) }
}

/** Great-circle distance in metres. */
export function metresBetween(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLng = (b.longitude - a.longitude) * rad
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h))
}

/** A posted place must lie within this distance of its neighbourhood's point. */
export const MAX_METRES_FROM_NEIGHBOURHOOD = 2_000
