import type { Point } from './mercator'

/**
 * Groups points the way a marker cluster layer does at one zoom, one pass in the given order: a
 * point joins the nearest group within `radius` pixels of that group's first point, or pairs up
 * with the nearest lone point within reach, or stays alone. Returns each group's items.
 */
export function groupNearby<T>(points: (Point & { item: T })[], radius: number): T[][] {
  const groups: { first: Point; items: T[] }[] = []
  const reach = radius * radius
  const nearest = (p: Point, candidates: typeof groups) => {
    let best: (typeof groups)[number] | undefined
    let bestDistance = reach
    for (const g of candidates) {
      const d = (g.first.x - p.x) ** 2 + (g.first.y - p.y) ** 2
      if (d <= bestDistance) {
        best = g
        bestDistance = d
      }
    }
    return best
  }
  for (const p of points) {
    const joined =
      nearest(
        p,
        groups.filter((g) => g.items.length > 1),
      ) ??
      nearest(
        p,
        groups.filter((g) => g.items.length === 1),
      )
    if (joined) joined.items.push(p.item)
    else groups.push({ first: p, items: [p.item] })
  }
  return groups.map((g) => g.items)
}
