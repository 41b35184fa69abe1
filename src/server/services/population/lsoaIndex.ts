import Flatbush from 'flatbush'
import polygonClipping, { type MultiPolygon, type Polygon } from 'polygon-clipping'

import { decodeRing, type PopulationData } from './censusData'

/** Shoelace area of a ring, m² (sign ignored). */
function ringArea(ring: [number, number][]): number {
  let twice = 0
  for (let i = 0; i < ring.length - 1; i++)
    twice += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1]
  return Math.abs(twice) / 2
}

/** Outlines less holes. */
export const multiPolygonArea = (shape: MultiPolygon): number =>
  shape.reduce(
    (total, [outline, ...holes]) =>
      total + ringArea(outline!) - holes.reduce((h, ring) => h + ringArea(ring), 0),
    0,
  )

export interface PopulationSum {
  /** Residents inside, each LSOA's weighted by the share of its area inside. */
  residents: number
  /** m² of the shape covered by LSOAs. */
  coveredArea: number
  area: number
  /** Codes of the LSOAs met and the share of each inside (for checking figures by hand). */
  parts: { code: string; residents: number; share: number }[]
}

/**
 * Every LSOA's boundary (British National Grid metres) and residents, with a packed R-tree
 * (Flatbush) of their bounding boxes: a sum clips only the LSOAs whose boxes meet the shape's.
 */
export class LsoaIndex {
  private readonly codes: string[]
  private readonly residents: Float64Array
  private readonly areas: Float64Array
  private readonly shapes: MultiPolygon[]
  /** minX, minY, maxX, maxY of each LSOA in turn. */
  private readonly boxes: Float64Array
  private readonly tree: Flatbush

  constructor(data: PopulationData) {
    const count = data.lsoas.length
    this.codes = new Array<string>(count)
    this.residents = new Float64Array(count)
    this.areas = new Float64Array(count)
    this.shapes = new Array<MultiPolygon>(count)
    this.boxes = new Float64Array(count * 4)
    this.tree = new Flatbush(count)
    data.lsoas.forEach(([code, residents, polygons], i) => {
      const shape: MultiPolygon = polygons.map((rings) => rings.map(decodeRing))
      this.codes[i] = code
      this.residents[i] = residents
      this.areas[i] = multiPolygonArea(shape)
      this.shapes[i] = shape
      const box = boundsOf(shape)
      this.boxes.set(box, i * 4)
      this.tree.add(...box)
    })
    this.tree.finish()
  }

  get size(): number {
    return this.codes.length
  }

  /** The box around every LSOA, in metres. */
  get bounds(): [number, number, number, number] {
    return [this.tree.minX, this.tree.minY, this.tree.maxX, this.tree.maxY]
  }

  /** The residents inside a shape given in British National Grid metres. */
  sum(shape: Polygon[]): PopulationSum {
    const [minX, minY, maxX, maxY] = boundsOf(shape)
    const area = multiPolygonArea(shape)
    const parts: PopulationSum['parts'] = []
    // A convex shape (the lookup's square) holds an LSOA whole when it holds its box's corners:
    // no clipping needed for those.
    const convex = shape.length === 1 && shape[0]!.length === 1 ? convexRing(shape[0]![0]!) : null
    let [residents, coveredArea] = [0, 0]
    for (const i of this.tree.search(minX, minY, maxX, maxY)) {
      const inside =
        convex && this.boxInside(i, convex) ? this.areas[i]! : insideArea(shape, this.shapes[i]!)
      if (inside <= 0) continue
      const share = Math.min(1, inside / this.areas[i]!)
      residents += this.residents[i]! * share
      coveredArea += inside
      parts.push({ code: this.codes[i]!, residents: this.residents[i]!, share })
    }
    return { residents, coveredArea, area, parts }
  }

  private boxInside(i: number, ring: ConvexRing): boolean {
    const [minX, minY, maxX, maxY] = this.boxes.subarray(i * 4, i * 4 + 4)
    return (
      ring.holds(minX!, minY!) &&
      ring.holds(maxX!, minY!) &&
      ring.holds(maxX!, maxY!) &&
      ring.holds(minX!, maxY!)
    )
  }
}

interface ConvexRing {
  holds: (x: number, y: number) => boolean
}

/** A closed ring that turns one way only, with a test for points inside it; else null. */
function convexRing(ring: [number, number][]): ConvexRing | null {
  const n = ring.length - 1
  if (n < 3) return null
  let sign = 0
  for (let i = 0; i < n; i++) {
    const [a, b, c] = [ring[i]!, ring[(i + 1) % n]!, ring[(i + 2) % n]!]
    const turn = Math.sign((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]))
    if (turn === 0) continue
    if (sign !== 0 && turn !== sign) return null
    sign = turn
  }
  if (sign === 0) return null
  return {
    holds: (x, y) => {
      for (let i = 0; i < n; i++) {
        const [a, b] = [ring[i]!, ring[i + 1]!]
        if (Math.sign((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0])) === -sign)
          return false
      }
      return true
    },
  }
}

/**
 * The area of a shape inside an LSOA. polygon-clipping can fail to close a ring where edges
 * nearly coincide in floating point; the shape snapped to centimetres is asked again, and an
 * LSOA that still fails counts as not covered (the answer's quality says so).
 */
function insideArea(shape: Polygon[], lsoa: MultiPolygon): number {
  try {
    return multiPolygonArea(polygonClipping.intersection(shape, lsoa))
  } catch {
    const snapped = shape.map((rings) =>
      rings.map((ring) => ring.map(([x, y]) => [snap(x), snap(y)] as [number, number])),
    )
    try {
      return multiPolygonArea(polygonClipping.intersection(snapped, lsoa))
    } catch {
      return 0
    }
  }
}
const snap = (n: number) => Math.round(n * 100) / 100

function boundsOf(shape: MultiPolygon): [number, number, number, number] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const polygon of shape)
    for (const [x, y] of polygon[0]!) {
      if (x < minX) minX = x
      if (y < minY) minY = y
      if (x > maxX) maxX = x
      if (y > maxY) maxY = y
    }
  return [minX, minY, maxX, maxY]
}
