import { describe, expect, it } from 'vitest'

import { findPrivateDetail } from '@/rules/privateDetails'
import { metresBetween, roughPlace } from '@/rules/roughPlace'

describe('private details in public text', () => {
  it.each([
    ['call 07700 900123 after six', 'phone'],
    ['ring +44 20 7946 0958', 'phone'],
    ['020-7946-0958', 'phone'],
    ['(020) 7946 0958', 'phone'],
    ['mail me: sam.jones@example.com', 'email'],
    ['sam at example dot com', 'email'],
  ])('finds %s', (text, kind) => {
    expect(findPrivateDetail('Sofa', text)).toBe(kind)
  })

  it.each([
    'Ikea sofa, 3 seats, 200 cm wide',
    'Collect from 12 Mare Street area',
    'Bike 2019 model, 21 gears',
    '£1,250 or offer',
  ])('lets %s through', (text) => {
    expect(findPrivateDetail(text)).toBeNull()
  })
})

describe('rough places', () => {
  it('moves a point by at most about 100 m and never keeps it exact', () => {
    const exact = { latitude: 51.54632, longitude: -0.07513 }
    const rough = roughPlace(exact)
    expect(rough).not.toEqual(exact)
    expect(metresBetween(exact, rough)).toBeLessThan(80)
    expect(roughPlace(rough)).toEqual(rough)
  })
})
