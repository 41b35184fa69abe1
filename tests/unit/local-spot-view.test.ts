import { describe, expect, it } from 'vitest'

import { badgeTextColour, canStillEdit, localSpotsTitle, mapsLinkFor } from '@/views/localSpot'

describe('local spots view', () => {
  it('titles the page with the name, or the slug when the name is missing', () => {
    expect(localSpotsTitle('Peckham', 'peckham')).toBe('Local Spots in Peckham')
    expect(localSpotsTitle('', 'peckham')).toBe('Local Spots in peckham')
    expect(localSpotsTitle(null, 'peckham-rye')).toBe('Local Spots in peckham-rye')
  })

  it('opens the owner’s maps link, else searches by name and address', () => {
    expect(mapsLinkFor({ googleMapsUrl: 'https://maps.app/x', address: 'a', name: 'n' })).toBe(
      'https://maps.app/x',
    )
    expect(mapsLinkFor({ googleMapsUrl: '', address: '12 Rye Lane', name: 'Roasters' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Roasters%2C%2012%20Rye%20Lane',
    )
  })

  it('picks readable badge text on light and dark colours', () => {
    expect(badgeTextColour('#0f766e')).toBe('#ffffff')
    expect(badgeTextColour('#fde68a')).toBe('#000000')
    expect(badgeTextColour('#000000')).toBe('#ffffff')
    expect(badgeTextColour('#ffffff')).toBe('#000000')
    expect(badgeTextColour('teal')).toBe('#ffffff')
  })

  it('judges the 7-day window at the time it is given (the server’s)', () => {
    const createdAt = '2026-01-01T00:00:00.000Z'
    expect(canStillEdit({ createdAt }, new Date('2026-01-07T23:59:59.000Z'))).toBe(true)
    expect(canStillEdit({ createdAt }, new Date('2026-01-08T00:00:00.000Z'))).toBe(false)
  })
})
