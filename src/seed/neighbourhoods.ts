// Real London neighbourhoods for the demo. Coordinates are the area's centre (usually its high
// street or main station), rounded to 4 decimals; good to a few hundred metres.

import { VIBES, type Vibe } from '@/rules/vibes'
import { slugify } from '@/rules/slug'

export { VIBES, type Vibe }

/** Colours for the generated cover image: sky gradient top/bottom, a glow accent, a skyline ink. */
export type Palette = { skyTop: string; skyBottom: string; accent: string; ink: string }

export const PALETTES = {
  dusk: { skyTop: '#2b1d4e', skyBottom: '#f28f6b', accent: '#ffd29d', ink: '#1a1330' },
  dawn: { skyTop: '#6fa8dc', skyBottom: '#fbd3b0', accent: '#fff3c4', ink: '#2f3b52' },
  park: { skyTop: '#7fc8a9', skyBottom: '#e4f1c8', accent: '#ffd3b6', ink: '#2e5e4e' },
  brick: { skyTop: '#6d2e46', skyBottom: '#d5a18e', accent: '#f6e7cb', ink: '#3a1c28' },
  canal: { skyTop: '#1e3d59', skyBottom: '#17b890', accent: '#f5f0e1', ink: '#0f2233' },
  river: { skyTop: '#264653', skyBottom: '#e9c46a', accent: '#f4a261', ink: '#1b2f38' },
  market: { skyTop: '#e85d5d', skyBottom: '#feca57', accent: '#fff4e0', ink: '#3d2c2e' },
  heath: { skyTop: '#5b8c5a', skyBottom: '#cfd186', accent: '#f1f7ed', ink: '#263a29' },
  neon: { skyTop: '#0f0c29', skyBottom: '#c33764', accent: '#1dd3b0', ink: '#07051a' },
  slate: { skyTop: '#4b6584', skyBottom: '#d1d8e0', accent: '#f7d794', ink: '#1e272e' },
  blossom: { skyTop: '#f67280', skyBottom: '#f8b195', accent: '#fdf2e9', ink: '#355c7d' },
} as const satisfies Record<string, Palette>

export type PaletteName = keyof typeof PALETTES

export type SeedNeighbourhood = {
  name: string
  slug: string
  tagline: string
  vibes: Vibe[]
  latitude: number
  longitude: number
  palette: PaletteName
}

type Row = [
  name: string,
  lat: number,
  lon: number,
  vibes: Vibe[],
  palette: PaletteName,
  tagline: string,
]

// prettier-ignore
const ROWS: Row[] = [
  ['Shoreditch', 51.5265, -0.0777, ['Creative', 'Diverse'], 'neon', 'Street art, start-ups and late nights on the edge of the City'],
  ['Brixton', 51.4613, -0.1156, ['Diverse', 'Creative'], 'market', 'Market arcades, live music and a proud Caribbean heritage'],
  ['Hackney Central', 51.546, -0.0555, ['Creative', 'Diverse'], 'brick', 'Railway-arch bars, Georgian terraces and London Fields nearby'],
  ['Dalston', 51.5461, -0.0752, ['Creative', 'Diverse'], 'neon', 'Late-night grills, tiny music venues and Ridley Road Market'],
  ['Peckham', 51.472, -0.069, ['Diverse', 'Creative'], 'dusk', 'Rooftop sunsets, Rye Lane bustle and a thriving arts scene'],
  ['Camden Town', 51.5392, -0.1426, ['Creative', 'Diverse'], 'neon', 'Markets, music history and canal-side crowds, day and night'],
  ['Islington', 51.538, -0.1025, ['Creative', 'Family-Friendly'], 'slate', 'Upper Street restaurants, fringe theatres and Georgian squares'],
  ['Hampstead', 51.5566, -0.178, ['Calm', 'Family-Friendly'], 'heath', "Village lanes, the Heath's swimming ponds and views over the city"],
  ['Highgate', 51.5713, -0.1466, ['Calm'], 'heath', 'Hilltop village pubs, a famous cemetery and Waterlow Park'],
  ['Richmond', 51.4613, -0.3037, ['Calm', 'Family-Friendly'], 'river', 'Riverside walks, deer in the park and a proper high street'],
  ['Greenwich', 51.4826, -0.0077, ['Family-Friendly', 'Calm'], 'river', 'Maritime history, a hilltop park and the Thames close by'],
  ['Dulwich Village', 51.4455, -0.0862, ['Family-Friendly', 'Calm'], 'park', 'Leafy and unhurried, with a picture gallery and excellent parks'],
  ['Clapham', 51.4618, -0.1384, ['Family-Friendly'], 'dawn', 'A huge common, busy brunch spots and young families everywhere'],
  ['Battersea', 51.474, -0.162, ['Family-Friendly', 'Calm'], 'river', "Riverside park, the revamped Power Station and a famous dogs' home"],
  ['Walthamstow', 51.583, -0.02, ['Creative', 'Family-Friendly', 'Diverse'], 'market', 'A kilometre-long street market, William Morris and wetland walks'],
  ['Stoke Newington', 51.562, -0.077, ['Family-Friendly', 'Creative'], 'park', 'Church Street cafés, Clissold Park and a strong community feel'],
  ['Deptford', 51.477, -0.026, ['Creative', 'Diverse'], 'brick', 'A characterful market high street, artist studios and dockyard history'],
  ['New Cross', 51.4755, -0.0403, ['Creative'], 'neon', 'Student energy from Goldsmiths, cheap eats and a busy gig circuit'],
  ['Bermondsey', 51.4979, -0.0637, ['Creative'], 'brick', 'Warehouse galleries, railway-arch breweries and Maltby Street Market'],
  ['Southall', 51.511, -0.3765, ['Diverse', 'Family-Friendly'], 'market', 'Sari shops, sweet centres and one of the biggest gurdwaras outside India'],
  ['Wembley', 51.553, -0.296, ['Diverse'], 'slate', 'Stadium-night buzz, a busy high road and communities from all over'],
  ['Tooting', 51.4275, -0.168, ['Diverse', 'Family-Friendly'], 'market', 'Legendary curry houses, two indoor markets and a lido on the common'],
  ['Whitechapel', 51.5194, -0.0612, ['Diverse', 'Creative'], 'brick', 'East End history, the Whitechapel Gallery and a bustling street market'],
  ['Stratford', 51.5416, -0.003, ['Diverse', 'Family-Friendly'], 'dawn', 'Olympic Park legacy, a huge shopping centre and fast links everywhere'],
  ['Ealing', 51.513, -0.305, ['Family-Friendly', 'Calm'], 'park', 'The Queen of the Suburbs: big parks, good schools and a film studio'],
  ['Chiswick', 51.4925, -0.258, ['Calm', 'Family-Friendly'], 'river', 'Riverside pubs, Chiswick House gardens and a leafy high road'],
  ['Wimbledon', 51.4214, -0.2064, ['Calm', 'Family-Friendly'], 'park', 'A vast common, a hilltop village and two weeks of tennis each summer'],
  ['Blackheath', 51.468, 0.007, ['Calm', 'Family-Friendly'], 'heath', 'Open heath, village delis and kite-flying next to Greenwich Park'],
  ['Crystal Palace', 51.4185, -0.076, ['Creative', 'Calm'], 'dusk', 'Triangle cafés, vintage shops and Victorian dinosaurs in the park'],
  ['Herne Hill', 51.4533, -0.1021, ['Family-Friendly', 'Calm'], 'park', 'Brockwell Park, its lido and a Sunday market by the station'],
  ['Muswell Hill', 51.5905, -0.1433, ['Family-Friendly', 'Calm'], 'heath', 'Edwardian terraces, Alexandra Palace views and family cafés'],
  ['Kentish Town', 51.5503, -0.1404, ['Creative'], 'slate', 'Gigs at the Forum, handsome terraces and Parliament Hill nearby'],
  ['Notting Hill', 51.5115, -0.199, ['Creative', 'Diverse'], 'blossom', 'Pastel houses, Portobello Road and the August bank holiday carnival'],
  ['Bethnal Green', 51.527, -0.0549, ['Diverse', 'Creative'], 'brick', 'Old East End markets, the Young V&A and Columbia Road flowers'],
  ['Hackney Wick', 51.5434, -0.0249, ['Creative'], 'canal', 'Canal-side warehouses full of studios, breweries and street art'],
  ['Brockley', 51.4646, -0.0375, ['Creative', 'Calm'], 'blossom', 'Victorian conservation streets, a Saturday market and Hilly Fields'],
  ['Forest Hill', 51.4393, -0.0532, ['Family-Friendly', 'Calm'], 'park', 'The Horniman Museum and gardens, with views across to the City'],
  ['Leytonstone', 51.5683, 0.0083, ['Diverse', 'Family-Friendly'], 'dawn', "Hitchcock's birthplace, Epping Forest edges and a friendly high road"],
  ['Woolwich', 51.49, 0.0691, ['Diverse'], 'river', 'Royal Arsenal riverside, the Elizabeth line and a lively market square'],
  ['Finsbury Park', 51.5642, -0.1065, ['Diverse', 'Family-Friendly'], 'park', 'A big park, fast trains north and an international high street'],
  ['Putney', 51.4625, -0.2165, ['Calm', 'Family-Friendly'], 'river', 'Rowing clubs, riverside pubs and a short walk to the heath'],
  ['Kew', 51.48, -0.287, ['Calm'], 'park', 'World-famous botanic gardens, a village green and very quiet streets'],
]

export { slugify }

export const NEIGHBOURHOODS: SeedNeighbourhood[] = ROWS.map(
  ([name, latitude, longitude, vibes, palette, tagline]) => ({
    name,
    slug: slugify(name),
    tagline,
    vibes,
    latitude,
    longitude,
    palette,
  }),
)
