import { describe, expect, it } from 'vitest'

import { pointText } from '@/rules/location'
import {
  POPULATION_STATUS,
  isNoDataAnswer,
  parsePopulationAnswer,
  populationRequestBody,
  squareAround,
} from '@/rules/population'

describe('the population request (SPEC §7, §9)', () => {
  it('is a closed square with a 400 m half-side around the point, year 2023', () => {
    const body = populationRequestBody(51.5, -0.12)
    expect(body.year).toBe(2023)
    const ring = body.polygon_geojson.coordinates[0]!
    expect(body.polygon_geojson.type).toBe('Polygon')
    expect(ring).toHaveLength(5)
    expect(ring[4]).toEqual(ring[0])
    const lons = ring.map(([lon]) => lon)
    const lats = ring.map(([, lat]) => lat)
    // 400 m of latitude is 400/111320 degrees everywhere…
    expect(Math.max(...lats) - 51.5).toBeCloseTo(400 / 111320, 10)
    expect(51.5 - Math.min(...lats)).toBeCloseTo(400 / 111320, 10)
    // …and of longitude more degrees the further from the equator.
    const dLon = 400 / (111320 * Math.cos((51.5 * Math.PI) / 180))
    expect(Math.max(...lons) - -0.12).toBeCloseTo(dLon, 10)
    expect(-0.12 - Math.min(...lons)).toBeCloseTo(dLon, 10)
  })

  it('is as wide as it is tall in metres', () => {
    const ring = squareAround(60, 10).coordinates[0]!
    const heightMetres = (ring[2]![1] - ring[0]![1]) * 111320
    const widthMetres = (ring[1]![0] - ring[0]![0]) * 111320 * Math.cos((60 * Math.PI) / 180)
    expect(heightMetres).toBeCloseTo(800, 6)
    expect(widthMetres).toBeCloseTo(800, 6)
  })
})

describe('reading the population answer', () => {
  it('takes population, year, source and quality', () => {
    expect(
      parsePopulationAnswer({ population: 12345.6, year: 2020, source: 'census', quality: 0.7 }),
    ).toEqual({
      populationEstimate: 12346,
      populationYear: 2020,
      populationSource: 'census',
      populationQuality: 0.7,
    })
  })

  it("falls back to 2023, 'worldpop' and 0.9", () => {
    expect(parsePopulationAnswer({ population: '800' })).toEqual({
      populationEstimate: 800,
      populationYear: 2023,
      populationSource: 'worldpop',
      populationQuality: 0.9,
    })
    expect(
      parsePopulationAnswer({ population: 1, year: 'soon', source: ' ', quality: null }),
    ).toMatchObject({ populationYear: 2023, populationSource: 'worldpop', populationQuality: 0.9 })
  })

  it.each([
    ['no body', undefined],
    ['a string', 'oops'],
    ['no population', { year: 2023 }],
    ['a negative population', { population: -3 }],
    ['a non-number', { population: 'many' }],
    ['an infinite one', { population: Infinity }],
  ])('treats %s as invalid', (_, body) => {
    expect(parsePopulationAnswer(body)).toBeUndefined()
  })

  it('words its outcomes as the spec does', () => {
    expect(POPULATION_STATUS.saved).toEqual({ ok: true, message: 'Population saved.' })
    expect(POPULATION_STATUS.serviceError.message).toBe(
      'Saved neighbourhood, but failed to save population. Population service error.',
    )
    expect(POPULATION_STATUS.unreachable.message).toBe(
      'Saved neighbourhood, but failed to save population. Population service unreachable.',
    )
  })
})

describe('a no-data answer', () => {
  it.each([
    [{ population: null, quality: 0, message: 'No data for this place.' }, true],
    [{ population: 0, quality: 0 }, true],
    [{ population: 10, quality: 0 }, false],
    [{ population: null }, false],
    [{ year: 2023 }, false],
    [undefined, false],
  ])('%j is no data: %s', (body, noData) => {
    expect(isNoDataAnswer(body)).toBe(noData)
  })

  it('is reported as no data, not as a failure', () => {
    expect(POPULATION_STATUS.noData).toEqual({
      ok: true,
      message: 'No population data for this place.',
    })
  })
})

describe('location text', () => {
  it('puts longitude first', () => {
    expect(pointText(51.539, -0.1426)).toBe('POINT(-0.1426 51.539)')
  })
})
