import { describe, expect, it } from 'vitest'

import { mapReverse, mapSearch } from '@/server/services/geocode/nominatim'
import { TtlCache } from '@/server/services/geocode/cache'
import { checkForm, formatCoordinate, parseCoordinate } from '@widgets/NeighbourhoodForm/formRules'

const valid = {
  name: 'Hoxton',
  slug: 'hoxton',
  tagline: 'Markets and murals',
  vibes: ['Creative'],
  latitude: '51.53',
  longitude: '-0.08',
}

describe('the neighbourhood form rules', () => {
  it('says the spec’s words in the spec’s order', () => {
    expect(checkForm({ ...valid, name: ' ', latitude: 'x' })).toEqual({
      ok: false,
      message: 'Please provide a name and slug.',
    })
    expect(checkForm({ ...valid, latitude: '' })).toMatchObject({
      message: 'Please provide valid latitude and longitude.',
    })
    expect(checkForm({ ...valid, longitude: '200' })).toMatchObject({
      message: 'Please provide valid latitude and longitude.',
    })
    expect(checkForm({ ...valid, vibes: [] })).toMatchObject({
      message: 'Please choose at least one vibe.',
    })
  })

  it('sends vibes as the comma-separated list and coordinates as numbers', () => {
    expect(checkForm({ ...valid, vibes: ['Calm', 'Diverse'] })).toEqual({
      ok: true,
      body: { ...valid, vibes: 'Calm, Diverse', latitude: 51.53, longitude: -0.08 },
    })
  })

  it('reads and writes coordinates', () => {
    expect(parseCoordinate(' 51.5 ', 90)).toBe(51.5)
    expect(parseCoordinate('91', 90)).toBeUndefined()
    expect(parseCoordinate('', 90)).toBeUndefined()
    expect(formatCoordinate(51.123456789)).toBe('51.123457')
  })
})

describe('Nominatim answers', () => {
  it('maps search results and skips unreadable ones', () => {
    expect(
      mapSearch([
        { lat: '51.5', lon: '-0.1', display_name: 'Somewhere, London' },
        { lat: 'x', lon: '0' },
      ]),
    ).toEqual([{ lat: 51.5, lon: -0.1, displayName: 'Somewhere, London' }])
    expect(mapSearch({ error: 'nope' })).toBeUndefined()
  })

  it('names the most local area and builds a short address', () => {
    expect(
      mapReverse({
        address: {
          road: 'Hoxton Street',
          house_number: '3',
          neighbourhood: 'Hoxton',
          city: 'London',
        },
      }),
    ).toEqual({ name: 'Hoxton', address: '3 Hoxton Street, Hoxton' })
    expect(mapReverse({ error: 'Unable to geocode' })).toEqual({ name: null, address: null })
  })
})

describe('TtlCache', () => {
  it('forgets the least recently used entry and expired ones', () => {
    let now = 0
    const cache = new TtlCache<number>(2, 100, () => now)
    cache.set('a', 1)
    cache.set('b', 2)
    expect(cache.get('a')).toBe(1)
    cache.set('c', 3)
    expect(cache.get('b')).toBeUndefined()
    now = 150
    expect(cache.get('a')).toBeUndefined()
  })
})
