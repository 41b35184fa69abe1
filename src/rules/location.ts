/**
 * A neighbourhood's point as WKT text, longitude first: 'POINT(-0.1426 51.5390)'. The spec's
 * centroid geometry needs PostGIS, which the embedded PostgreSQL lacks, so latitude and
 * longitude numbers plus this text stand in for it.
 */
export function pointText(latitude: number, longitude: number): string {
  return `POINT(${longitude} ${latitude})`
}

export interface Coordinates {
  latitude: number
  longitude: number
}

/** Both numbers finite, or null (a half-filled or absent position). */
export const coordinatesOf = (latitude: unknown, longitude: unknown): Coordinates | null =>
  typeof latitude === 'number' &&
  Number.isFinite(latitude) &&
  typeof longitude === 'number' &&
  Number.isFinite(longitude)
    ? { latitude, longitude }
    : null
