/**
 * A neighbourhood's point as WKT text, longitude first: 'POINT(-0.1426 51.5390)'. The spec's
 * centroid geometry needs PostGIS, which the embedded PostgreSQL lacks, so latitude and
 * longitude numbers plus this text stand in for it.
 */
export function pointText(latitude: number, longitude: number): string {
  return `POINT(${longitude} ${latitude})`
}

export const hasCoordinates = (latitude: unknown, longitude: unknown): boolean =>
  typeof latitude === 'number' &&
  Number.isFinite(latitude) &&
  typeof longitude === 'number' &&
  Number.isFinite(longitude)
