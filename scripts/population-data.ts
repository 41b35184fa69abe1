/**
 * Compacts the census file (ONS Census 2021 residents and boundaries of London's 4,994 LSOAs,
 * British National Grid) into the file the population service reads at run time
 * (src/server/services/population/london-lsoa-2021.json.gz), so nothing outside the project
 * is read then. Each boundary ring is simplified (Douglas–Peucker, SIMPLIFY_METRES metres; default 0: the source is already generalised, 10 m removes under 1% of its points)
 * and stored as whole-metre deltas: the first point as it is, then each step from the one before.
 *
 * Usage: npm run population:data [-- path/to/london-lsoa-2021-population.csv.gz]
 * (default ../shared/data/london-lsoa-2021-population.csv.gz, as the data's README places it).
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

import { CENSUS_ATTRIBUTION } from '@/rules/populationSum'
import {
  POPULATION_DATA_FILE,
  type LsoaRecord,
  type PopulationData,
} from '@/server/services/population/censusData'

const SOURCE = path.resolve(process.argv[2] ?? '../shared/data/london-lsoa-2021-population.csv.gz')
const TOLERANCE = Number(process.env.SIMPLIFY_METRES ?? 0)

type Point = [number, number]

/** One CSV line into its fields (quoted fields may hold commas). */
function csvFields(line: string): string[] {
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      fields.push(field)
      field = ''
    } else field += c
  }
  fields.push(field)
  return fields
}

/** WKT POLYGON or MULTIPOLYGON into polygons of rings of points. */
function parseWkt(wkt: string): Point[][][] {
  const body = wkt.trim().replace(/^(MULTI)?POLYGON\s*/i, '')
  const multi = /^MULTIPOLYGON/i.test(wkt.trim())
  const polygonTexts = multi
    ? body.slice(1, -1).split(/\)\)\s*,\s*\(\(/)
    : [body.slice(1, -1).replace(/^\(|\)$/g, '')]
  return polygonTexts.map((text) =>
    text
      .replace(/^\(+|\)+$/g, '')
      .split(/\)\s*,\s*\(/)
      .map((ring) =>
        ring.split(',').map((pair) => {
          const [x, y] = pair.trim().split(/\s+/).map(Number)
          if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error(`bad point '${pair}'`)
          return [x!, y!] as Point
        }),
      ),
  )
}

/** Douglas–Peucker on a closed ring, keeping its first (= last) point and at least 4 points. */
function simplifyRing(ring: Point[], tolerance: number): Point[] {
  if (tolerance <= 0 || ring.length <= 5) return ring
  const keep = new Uint8Array(ring.length)
  keep[0] = keep[ring.length - 1] = 1
  // Split at the point farthest from the first, so a closed ring has a real chord to measure.
  let far = 1
  for (let i = 1; i < ring.length - 1; i++)
    if (dist2(ring[i]!, ring[0]!) > dist2(ring[far]!, ring[0]!)) far = i
  keep[far] = 1
  const stack: [number, number][] = [
    [0, far],
    [far, ring.length - 1],
  ]
  while (stack.length) {
    const [a, b] = stack.pop()!
    let index = -1
    let max = tolerance * tolerance
    for (let i = a + 1; i < b; i++) {
      const d = segmentDist2(ring[i]!, ring[a]!, ring[b]!)
      if (d > max) [index, max] = [i, d]
    }
    if (index !== -1) {
      keep[index] = 1
      stack.push([a, index], [index, b])
    }
  }
  const kept = ring.filter((_, i) => keep[i])
  return kept.length >= 4 ? kept : ring
}

const dist2 = (p: Point, q: Point) => (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2
function segmentDist2(p: Point, a: Point, b: Point): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]]
  const length2 = dx * dx + dy * dy
  const t = length2
    ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    : 0
  return dist2(p, [a[0] + t * dx, a[1] + t * dy])
}

const deltas = (ring: Point[]): number[] =>
  ring.flatMap(([x, y], i) => (i === 0 ? [x, y] : [x - ring[i - 1]![0], y - ring[i - 1]![1]]))

const lines = zlib.gunzipSync(fs.readFileSync(SOURCE)).toString('utf8').split(/\r?\n/)
const header = csvFields(lines[0]!)
const column = (name: string) => {
  const index = header.indexOf(name)
  if (index === -1) throw new Error(`${SOURCE} has no column ${name}`)
  return index
}
const [code, residents, geometry] = ['lsoa21cd', 'residents_2021', 'geometry_bng_wkt'].map(column)
let [pointsBefore, pointsAfter, total] = [0, 0, 0]
const lsoas: LsoaRecord[] = lines
  .slice(1)
  .filter((line) => line.trim())
  .map((line) => {
    const fields = csvFields(line)
    const polygons = parseWkt(fields[geometry!]!)
    const simplified = polygons.map((rings) => rings.map((r) => simplifyRing(r, TOLERANCE)))
    pointsBefore += polygons.flat().reduce((n, r) => n + r.length, 0)
    pointsAfter += simplified.flat().reduce((n, r) => n + r.length, 0)
    total += Number(fields[residents!])
    return [
      fields[code!]!,
      Number(fields[residents!]),
      simplified.map((rings) => rings.map(deltas)),
    ]
  })

const data: PopulationData = {
  attribution: CENSUS_ATTRIBUTION,
  simplifiedMetres: TOLERANCE,
  lsoas,
}
const out = path.resolve(POPULATION_DATA_FILE)
fs.writeFileSync(out, zlib.gzipSync(JSON.stringify(data), { level: 9 }))
console.log(
  `${lsoas.length} LSOAs, ${total} residents; ${pointsBefore} points → ${pointsAfter} ` +
    `(simplified to ${TOLERANCE} m); ${path.relative('.', out)}: ${fs.statSync(out).size} bytes`,
)
