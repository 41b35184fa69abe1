// Local spots for the demo: plausible independent businesses on real streets of ten
// neighbourhoods. The businesses are made up. Pure and seeded, like the reviews.
import type { VibeEmojiName } from '@/rules/localSpots'
import type { SeedNeighbourhood } from './neighbourhoods'
import type { Rng } from './random'
import { SEED_REFERENCE_DATE } from './reviews'
import type { SeedUser } from './users'

export type SeedBusinessBadge = { label: string; colour: string; expiresAt: string | null }

export type SeedLocalSpot = {
  neighbourhoodSlug: string
  name: string
  /** A known category key, or free text (chosen through 'Other'). */
  category: string
  emojis: VibeEmojiName[]
  address: string
  description: string
  googleMapsUrl: string
  /** Demo account that suggested it. */
  authorUserName: string
  createdAt: string
  badges: SeedBusinessBadge[]
}

type Row = [
  slug: string,
  name: string,
  category: string,
  emojis: VibeEmojiName[],
  address: string,
  description: string,
]

// prettier-ignore
const ROWS: Row[] = [
  ['shoreditch', 'Redchurch Roasting Co.', 'cafe', ['coffee', 'cake'], '41 Redchurch Street, London E2 7DJ', 'Single-origin pour-overs and a wall of houseplants. The cardamom buns sell out by eleven, so go early.'],
  ['shoreditch', 'Arch 14 Ramen', 'restaurant', ['noodles', 'wine'], 'Arch 14, Ravey Street, London EC2A 4QP', 'Rich tonkotsu under the railway arches. Expect a queue on Fridays, but it moves fast.'],
  ['shoreditch', 'Curtain Road Cuts', 'barber', ['barber'], '88 Curtain Road, London EC2A 3AA', 'Walk-ins welcome, sharp skin fades and a decent playlist.'],
  ['brixton', 'Electric Avenue Bakehouse', 'cafe', ['coffee', 'cake'], '23 Electric Avenue, London SW9 8JX', 'Sourdough, patties and proper coffee. Grab the window seat and watch the market go by.'],
  ['brixton', 'Atlantic Road Kitchen', 'restaurant', ['wine'], '61 Atlantic Road, London SW9 8PU', 'Jerk chicken from a drum grill, rice and peas, and a rum punch that means business.'],
  ['brixton', 'Coldharbour Strength Club', 'gym', ['weights'], '150 Coldharbour Lane, London SE5 9QH', "Friendly, no-frills gym with proper racks and a women's lifting class on Tuesday evenings."],
  ['hackney-central', 'Mare Street Tea House', 'Bubble tea', ['bubble-tea'], '210 Mare Street, London E8 3RD', "Brown-sugar milk tea with chewy pearls; they'll make it half-sweet if you ask."],
  ['hackney-central', 'Narrow Way Refill Store', 'store', ['soap', 'plant', 'shopping-bag'], '12 Narrow Way, London E8 1HR', 'Bring your own jars for oats, oils and washing-up liquid. The staff really know their stuff.'],
  ['hackney-central', 'London Fields Lifting', 'gym', ['weights'], 'Arch 302, Westgate Street, London E8 3RL', 'Barbells, kettlebells and coaches who remember your name. Day passes are cheap.'],
  ['peckham', 'Rye Lane Roasters', 'cafe', ['coffee', 'plant'], '133 Rye Lane, London SE15 4ST', 'Flat whites, a sunny back garden and good Wi-Fi. Busy with laptops on weekday mornings.'],
  ['peckham', 'Bellenden Wine Rooms', 'restaurant', ['wine', 'cake'], '45 Bellenden Road, London SE15 4QY', 'Small plates, natural wines by the glass and a burnt basque cheesecake worth the trip.'],
  ['peckham', 'Choumert Plant Co.', 'Plant shop', ['plant', 'shopping-bag'], '8 Choumert Grove, London SE15 4RB', 'Tiny shop stacked with monsteras and cacti. The owner will tell you exactly how much light you need.'],
  ['camden-town', 'Lock Side Noodle Bar', 'restaurant', ['noodles'], '6 Chalk Farm Road, London NW1 8AG', 'Hand-pulled noodles in chilli oil, canal views and quick service before a gig.'],
  ['camden-town', 'Inverness Street Records', 'Record shop', ['shopping-bag'], '31 Inverness Street, London NW1 7HJ', 'Crates of second-hand soul, punk and jazz. Friday evening listening sessions are free.'],
  ['camden-town', 'Parkway Fades', 'barber', ['barber'], '72 Parkway, London NW1 7AH', 'Old-school barbers with hot towel shaves and no fuss. Usually a short wait on Saturdays.'],
  ['islington', 'Upper Street Patisserie', 'cafe', ['cake', 'coffee'], '255 Upper Street, London N1 1RU', 'French pastries, excellent croissants and a quiet upstairs room for reading.'],
  ['islington', 'Chapel Market Grocers', 'store', ['shopping-bag', 'plant'], '40 Chapel Market, London N1 9EN', 'Fresh fruit and veg, herbs by the bunch and friendly banter. Cheaper than the supermarket.'],
  ['islington', 'Camden Passage Soap Works', 'Soap & skincare', ['soap'], '17 Camden Passage, London N1 8EA', 'Handmade soaps cut to order. The rosemary bar is a neighbourhood favourite.'],
  ['greenwich', 'Royal Hill Tea Rooms', 'cafe', ['coffee', 'cake'], '18 Royal Hill, London SE10 8RT', 'Scones, loose-leaf tea and a garden that catches the afternoon sun after a walk in the park.'],
  ['greenwich', 'Nelson Road Wine Bar', 'restaurant', ['wine'], '7 Nelson Road, London SE10 9JB', 'Cosy candle-lit bar with cheese boards and a well-chosen list of English wines.'],
  ['greenwich', 'Trafalgar Road Gym', 'gym', ['weights'], '96 Trafalgar Road, London SE10 9UW', 'Community gym with classes for every age and a sauna that is rarely busy.'],
  ['clapham', 'Abbeville Brunch Club', 'cafe', ['coffee', 'cake'], '63 Abbeville Road, London SW4 9JW', 'Shakshuka, banana bread and strong coffee. Book ahead for weekend brunch.'],
  ['clapham', 'Voltaire Road Boxing', 'gym', ['weights'], 'Arch 5, Voltaire Road, London SW4 6DQ', 'Boxing fitness classes in a railway arch; beginners are looked after properly.'],
  ['clapham', 'High Street Bubble Tea', 'Bubble tea', ['bubble-tea'], '41 Clapham High Street, London SW4 7TL', 'Fruit teas and taro milk tea, open late. Loyalty card gets the tenth one free.'],
  ['walthamstow', 'Hoe Street Pho', 'restaurant', ['noodles'], '134 Hoe Street, London E17 4QR', 'Steaming bowls of pho with heaps of fresh herbs. Family-run and very welcoming.'],
  ['walthamstow', 'Orford Road Deli', 'store', ['shopping-bag', 'wine', 'cake'], '28 Orford Road, London E17 9NJ', 'Cheese, charcuterie and bottles for the weekend, right in the Village.'],
  ['walthamstow', 'Blackhorse Lane Barber', 'barber', ['barber'], '2 Blackhorse Lane, London E17 6DS', 'Relaxed barber with kids cuts on Saturday mornings and a great beard trim.'],
  ['stoke-newington', 'Church Street Books & Coffee', 'cafe', ['coffee', 'cake'], '150 Stoke Newington Church Street, London N16 0JU', 'Second-hand books downstairs, coffee and cake upstairs. Perfect for a slow Sunday.'],
  ['stoke-newington', 'Clissold Strength & Yoga', 'gym', ['weights', 'plant'], '24 Kynaston Road, London N16 0EX', 'Calm studio mixing strength classes and yoga; the morning sessions overlook the park.'],
  ['stoke-newington', 'Stokey Zero Waste', 'store', ['soap', 'shopping-bag', 'plant'], '101 Stoke Newington High Street, London N16 0PH', 'Refills for cleaning products, loose spices and plastic-free toiletries.'],
]

const DAY_MS = 86_400_000

/** Suggested within the last four months before the reference date. */
const SPOT_SPAN_DAYS = 120

export function mapsSearchUrl(name: string, address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${name}, ${address}`)}`
}

function badgesFor(rng: Rng, createdAt: Date): SeedBusinessBadge[] {
  const badges: SeedBusinessBadge[] = []
  if (rng.chance(0.35))
    badges.push({ label: 'Neighbours’ pick', colour: '#0f766e', expiresAt: null })
  if (rng.chance(0.25)) {
    // 'New' lasts a month after the spot was suggested, so older ones show it expired (hidden).
    const expiresAt = new Date(createdAt.getTime() + 30 * DAY_MS).toISOString()
    badges.push({ label: 'New in town', colour: '#db2777', expiresAt })
  }
  return badges
}

/**
 * Three spots for each of ten neighbourhoods (only those present), each suggested by a demo
 * member, with a few badges.
 */
export function makeLocalSpots(
  rng: Rng,
  neighbourhoods: SeedNeighbourhood[],
  users: SeedUser[],
  now: Date = SEED_REFERENCE_DATE,
): SeedLocalSpot[] {
  const slugs = new Set(neighbourhoods.map((n) => n.slug))
  const authors = users.filter((u) => u.role === 'member')
  const pool = authors.length > 0 ? authors : users
  if (pool.length === 0) return []
  return ROWS.filter(([slug]) => slugs.has(slug)).map(
    ([neighbourhoodSlug, name, category, emojis, address, description]) => {
      const daysAgo = rng.float(1, SPOT_SPAN_DAYS)
      const createdAt = new Date(Math.floor((now.getTime() - daysAgo * DAY_MS) / 60_000) * 60_000)
      return {
        neighbourhoodSlug,
        name,
        category,
        emojis: [...emojis],
        address,
        description,
        googleMapsUrl: mapsSearchUrl(name, address),
        authorUserName: rng.pick(pool).userName,
        createdAt: createdAt.toISOString(),
        badges: badgesFor(rng, createdAt),
      }
    },
  )
}
