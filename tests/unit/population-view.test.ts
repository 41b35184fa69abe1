import { describe, expect, it } from 'vitest'

import { squareAround } from '@/rules/population'
import { ringSquareMetres } from '@/rules/populationSum'
import { populationView, roundPeople } from '@/views/population'

const census = {
  populationEstimate: 8424,
  populationYear: 2021,
  populationSource: 'ONS Census 2021 (LSOA, area-weighted)',
  populationQuality: 1,
}

describe('what a page says of a population', () => {
  it('rounds to the ten under a thousand, else to the hundred', () => {
    expect([4, 996, 1049, 8424, 12_345, 13_162.5].map(roundPeople)).toEqual([
      0, 1000, 1000, 8400, 12_300, 13_200,
    ])
  })

  it('says a census count as the census', () => {
    expect(populationView(census)).toEqual({
      estimate: 8424,
      about: 'About 8,400',
      sentence: 'About 8,400 people live within 400 m (Census 2021)',
      // 8,424 in the 0.64 km² square.
      perSquareKm: '13,200',
      source: 'ONS Census 2021 (LSOA, area-weighted)',
      year: 2021,
      coverage: null,
    })
  })

  it("says another service's figure as an estimate, and a census's part coverage", () => {
    const modelled = { populationEstimate: 640, populationYear: 2023, populationSource: 'worldpop' }
    expect(populationView({ ...modelled, populationQuality: 0.9 })).toMatchObject({
      sentence: 'About 640 people live within 400 m (2023 estimate)',
      perSquareKm: '1,000',
      coverage: null,
    })
    expect(populationView({ ...census, populationQuality: 0.72 })?.coverage).toBe('72%')
  })

  it('shows nothing without a figure', () => {
    expect(populationView({})).toBeNull()
    expect(populationView({ populationEstimate: 0 })).toBeNull()
  })
})

describe('the area a sum is limited by', () => {
  it("measures the lookup's 800 m square as 0.64 km²", () => {
    const ring = squareAround(51.5265, -0.0777).coordinates[0]!
    expect(ringSquareMetres(ring) / 640_000).toBeCloseTo(1, 2)
  })
})
