import proj4 from 'proj4'

/**
 * EPSG:27700, the British National Grid the census boundaries are drawn in, with the OSGB36
 * datum shift from WGS84 (a 7-parameter Helmert: good to a few metres, ample for a 400 m square).
 */
const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs'

const converter = proj4('EPSG:4326', BRITISH_NATIONAL_GRID)

/** [longitude, latitude] (WGS84) → [easting, northing] in metres. */
export const toBritishGrid = (point: [number, number]): [number, number] =>
  converter.forward([point[0], point[1]]) as [number, number]

/** [easting, northing] → [longitude, latitude]. */
export const fromBritishGrid = (point: [number, number]): [number, number] =>
  converter.inverse([point[0], point[1]]) as [number, number]
