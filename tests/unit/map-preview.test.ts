import { describe, expect, it } from 'vitest'

import { groupNearby } from '@widgets/MapExplorer/groupNearby'
import { MAP_CENTRE, MAP_FOCUS_ZOOM, MAP_ZOOM, viewFor } from '@widgets/MapExplorer/mapData'
import {
  centreInView,
  fromCentre,
  pixelAt,
  project,
  TILE_SIZE,
  tilesInView,
  tileUrl,
} from '@widgets/MapExplorer/mercator'

/** Leaflet's own way (L.Projection.SphericalMercator, then EPSG:3857's transformation). */
function leafletProject([lat, lng]: [number, number], zoom: number) {
  const R = 6378137
  const d = Math.PI / 180
  const sin = Math.sin(lat * d)
  const x = R * lng * d
  const y = (R * Math.log((1 + sin) / (1 - sin))) / 2
  const k = 0.5 / (Math.PI * R)
  const scale = 256 * 2 ** zoom
  return { x: scale * (k * x + 0.5), y: scale * (-k * y + 0.5) }
}

describe('the map preview’s Web Mercator', () => {
  it('projects as Leaflet does', () => {
    expect(project([0, 0], 0)).toEqual({ x: 128, y: 128 })
    expect(project([0, -180], 3).x).toBe(0)
    for (const at of [MAP_CENTRE, [51.4613, -0.1156], [-33.86, 151.21], [84, 10]] as [
      number,
      number,
    ][]) {
      for (const zoom of [0, 11, 13]) {
        const ours = project(at, zoom)
        const theirs = leafletProject(at, zoom)
        expect(ours.x).toBeCloseTo(theirs.x, 6)
        expect(ours.y).toBeCloseTo(theirs.y, 6)
      }
    }
  })

  it('places as Leaflet does: from its rounded pixel origin, markers at whole pixels', () => {
    for (const size of [
      { width: 1280, height: 683 },
      { width: 390, height: 719 },
      { width: 411, height: 700 },
    ]) {
      const c = centreInView(MAP_CENTRE, MAP_ZOOM, size)
      expect(Math.abs(c.x - size.width / 2)).toBeLessThanOrEqual(1)
      expect(Math.abs(c.y - size.height / 2)).toBeLessThanOrEqual(1)
      const leafletOrigin = {
        x: Math.round(project(MAP_CENTRE, MAP_ZOOM).x - size.width / 2),
        y: Math.round(project(MAP_CENTRE, MAP_ZOOM).y - size.height / 2),
      }
      for (const at of [
        [51.4613, -0.1156],
        [51.55, 0.01],
      ] as [number, number][]) {
        const p = fromCentre(at, MAP_CENTRE, MAP_ZOOM)
        const q = project(at, MAP_ZOOM)
        expect(p.x + c.x).toBe(Math.round(q.x) - leafletOrigin.x)
        expect(p.y + c.y).toBe(Math.round(q.y) - leafletOrigin.y)
      }
    }
    expect(fromCentre(MAP_CENTRE, MAP_CENTRE, MAP_ZOOM)).toEqual({ x: 0, y: 0 })
    // East is right, north is up.
    expect(fromCentre([51.505, 0.01], MAP_CENTRE, MAP_ZOOM).x).toBeGreaterThan(0)
    expect(fromCentre([51.6, -0.09], MAP_CENTRE, MAP_ZOOM).y).toBeLessThan(0)
    expect(pixelAt([0, 0], 1)).toEqual({ x: 256, y: 256 })
  })

  it('lays out exactly the tiles that cover the view, on the 256 px grid', () => {
    const size = { width: 390, height: 700 }
    const tiles = tilesInView(MAP_CENTRE, MAP_ZOOM, size)
    const centre = pixelAt(MAP_CENTRE, MAP_ZOOM)
    const c = centreInView(MAP_CENTRE, MAP_ZOOM, size)
    // In the view: from the centre's pixel, plus where that pixel is in the view.
    const boxes = tiles.map((t) => ({ ...t, left: t.left + c.x, top: t.top + c.y }))
    for (const t of boxes) {
      expect(t.z).toBe(MAP_ZOOM)
      expect(t.left - c.x).toBe(t.x * TILE_SIZE - centre.x)
      expect(t.top - c.y).toBe(t.y * TILE_SIZE - centre.y)
      // Each overlaps the view.
      expect(t.left).toBeLessThan(size.width)
      expect(t.left + TILE_SIZE).toBeGreaterThan(0)
      expect(t.top).toBeLessThan(size.height)
      expect(t.top + TILE_SIZE).toBeGreaterThan(0)
    }
    // Every pixel of the view is covered, by one tile.
    for (const [x, y] of [
      [0, 0],
      [389, 0],
      [0, 699],
      [389, 699],
      [195, 350],
    ]) {
      const covering = boxes.filter(
        (t) => t.left <= x && x < t.left + TILE_SIZE && t.top <= y && y < t.top + TILE_SIZE,
      )
      expect(covering, `${x},${y}`).toHaveLength(1)
    }
    // London at zoom 11: the tile with the centre is 11/1023/681.
    expect(tiles.some((t) => t.x === 1023 && t.y === 681)).toBe(true)
  })

  it('fills a tile address from a Leaflet template', () => {
    expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { x: 1, y: 2, z: 3 })).toBe(
      'https://tile.openstreetmap.org/3/1/2.png',
    )
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', { x: 4, y: 5, z: 6 })).toBe(
      'https://a.tiles.example/6/4/5.png',
    )
  })
})

describe('the map preview’s clusters', () => {
  const at = (item: string, x: number, y: number) => ({ item, x, y })

  it('groups points within the radius of a group’s first point', () => {
    const groups = groupNearby(
      [at('a', 0, 0), at('b', 60, 0), at('c', 0, 70), at('far', 500, 500)],
      80,
    )
    expect(groups).toEqual([['a', 'b', 'c'], ['far']])
  })

  it('measures from the group’s first point, not from its last member', () => {
    // b joins a; c is within 80 of b but not of a, so it stays alone.
    const groups = groupNearby([at('a', 0, 0), at('b', 70, 0), at('c', 140, 0)], 80)
    expect(groups).toEqual([['a', 'b'], ['c']])
  })

  it('prefers a group to a lone point, and the nearest of them', () => {
    const groups = groupNearby(
      [at('a', 0, 0), at('b', 10, 0), at('lone', 200, 0), at('c', 120, 0), at('d', 75, 0)],
      80,
    )
    // c (120) reaches only the lone point (80 away); d (75) reaches the group of a and b.
    expect(groups).toEqual([
      ['a', 'b', 'd'],
      ['lone', 'c'],
    ])
  })
})

describe('the map’s view', () => {
  it('is the default view, or a name search’s first result close up', () => {
    expect(viewFor(null)).toEqual({ centre: MAP_CENTRE, zoom: MAP_ZOOM })
    const brixton = {
      id: 1,
      name: 'Brixton',
      slug: 'brixton',
      tagline: '',
      vibes: [],
      latitude: 51.4613,
      longitude: -0.1156,
    }
    expect(viewFor(brixton)).toEqual({ centre: [51.4613, -0.1156], zoom: MAP_FOCUS_ZOOM })
    expect(viewFor({ ...brixton, latitude: null })).toEqual({ centre: MAP_CENTRE, zoom: MAP_ZOOM })
  })
})
