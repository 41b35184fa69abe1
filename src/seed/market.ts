import { expiryFrom, MAX_LIVE_ITEMS, type MarketCondition, type MarketKind } from '@/rules/market'
import type { SeedNeighbourhood } from './neighbourhoods'
import type { SeedUser } from './users'

export interface SeedMarketItem {
  neighbourhoodSlug: string
  userName: string
  kind: MarketKind
  title: string
  description: string
  pricePence: number | null
  condition: MarketCondition | null
  street: string
  status: 'available' | 'reserved' | 'gone'
  createdAt: string
  expiresAt: string
}

// prettier-ignore
const THINGS: [MarketKind, string, string, number | null, MarketCondition | null][] = [
  ['sale', 'Oak bookcase', 'Five shelves, solid oak, a few marks on the side.', 4500, 'good'],
  ['free', 'Moving boxes', 'About twenty flat-packed boxes, used once.', null, 'good'],
  ['sale', "Child's bike, 16 inch", 'Stabilisers included; outgrown, not worn out.', 3000, 'fair'],
  ['wanted', 'Pasta machine', 'Looking to borrow or buy one for a birthday dinner.', null, null],
  ['sale', 'Two-seater sofa', 'Grey fabric, no pets, no smoke. Needs two to carry.', 12000, 'like-new'],
  ['free', 'Tomato seedlings', 'Too many sown again this year: take a tray.', null, 'new'],
  ['sale', 'Desk lamp', 'Brass, warm bulb included.', 1250, 'good'],
  ['wanted', 'Garden fork', 'For the allotment; happy to swap for veg.', null, null],
]

const DAY_MS = 24 * 3600 * 1000
const STREETS = ['High Street', 'Church Road', 'Station Road', 'Park Lane', 'Mill Lane', '']

/**
 * A few items in every demo neighbourhood, listed over the last three weeks by the members in
 * turn. Each member keeps fewer than the live limit: their older ones are marked gone (history
 * the item pages keep), so a demo member can still list one more.
 */
export function makeMarketItems(
  neighbourhoods: SeedNeighbourhood[],
  users: SeedUser[],
  now: Date,
  perNeighbourhood = 2,
): SeedMarketItem[] {
  const members = users.filter((u) => u.role === 'member')
  const items: SeedMarketItem[] = []
  neighbourhoods.forEach((n, ni) => {
    for (let k = 0; k < perNeighbourhood; k++) {
      const i = ni * perNeighbourhood + k
      const [kind, title, description, pricePence, condition] = THINGS[i % THINGS.length]!
      const createdAt = new Date(now.getTime() - (i % 21) * DAY_MS - (i % 7) * 3600_000)
      const ownIndex = Math.floor(i / members.length)
      items.push({
        neighbourhoodSlug: n.slug,
        userName: members[i % members.length]!.userName,
        kind,
        title,
        description,
        pricePence,
        condition,
        street: STREETS[i % STREETS.length]!,
        status: ownIndex >= MAX_LIVE_ITEMS - 1 ? 'gone' : i % 5 === 0 ? 'reserved' : 'available',
        createdAt: createdAt.toISOString(),
        expiresAt: expiryFrom(createdAt).toISOString(),
      })
    }
  })
  return items
}
