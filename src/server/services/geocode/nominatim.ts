/** What our proxy answers, whatever the upstream's own shape. */
export interface Place {
  lat: number
  lon: number
  displayName: string
}

export interface ReversePlace {
  /** A neighbourhood-level place name for the form's name field, or null. */
  name: string | null
  /** House number, road, then the nearest area name (SPEC §7), or null. */
  address: string | null
}

const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined
}

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined

/** Nominatim `/search?format=jsonv2`: an array of places with string lat/lon. */
export function mapSearch(body: unknown): Place[] | undefined {
  if (!Array.isArray(body)) return undefined
  return body.flatMap((item: Record<string, unknown>) => {
    const lat = numberOf(item?.lat)
    const lon = numberOf(item?.lon)
    if (lat === undefined || lon === undefined) return []
    return [{ lat, lon, displayName: textOf(item.display_name) ?? textOf(item.name) ?? '' }]
  })
}

/** Area names from the most local to the widest, as Nominatim's `address` names them. */
const AREA_KEYS = [
  'neighbourhood',
  'suburb',
  'quarter',
  'city_district',
  'village',
  'town',
  'city',
] as const

/**
 * Nominatim `/reverse?format=jsonv2&addressdetails=1`. An `{ error }` answer (nothing there,
 * e.g. the sea) is an empty place; anything that is not an object is unreadable (undefined).
 */
export function mapReverse(body: unknown): ReversePlace | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
  const answer = body as Record<string, unknown>
  if ('error' in answer) return { name: null, address: null }
  const parts = (answer.address ?? {}) as Record<string, unknown>
  const area = (keys: readonly string[]) =>
    keys.map((key) => textOf(parts[key])).find((value) => value !== undefined)
  const name = area(AREA_KEYS) ?? textOf(answer.name) ?? null
  const street = [textOf(parts.house_number), textOf(parts.road)].filter(Boolean).join(' ')
  const locality = area(['suburb', 'neighbourhood', 'city_district', 'city', 'town', 'village'])
  const address =
    [street, locality].filter(Boolean).join(', ') || textOf(answer.display_name) || null
  return { name, address }
}
