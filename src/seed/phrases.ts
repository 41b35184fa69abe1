// Sentence fragments that reviews.ts stitches together. Kept apart from the logic so the copy is
// easy to edit. {name} is replaced with the neighbourhood name. Nothing here names a specific
// shop or line, so any fragment is plausible for any area that has the matching vibe.
import type { Vibe } from './neighbourhoods'

export type Tone = 'good' | 'mixed' | 'poor'

export const OPENERS: Record<Tone, string[]> = {
  good: [
    'Lived in {name} for three years and I still love it.',
    'Moved here last spring and it already feels like home.',
    '{name} surprised me in the best possible way.',
    "Honestly one of the nicest parts of London I've lived in.",
    'Rented here for two years before buying a flat round the corner.',
    'We came for a viewing and stayed for the whole afternoon.',
    'Grew up nearby and came back as soon as I could afford it.',
    'My partner took some convincing, but now neither of us wants to leave.',
  ],
  mixed: [
    'Mixed feelings about {name}.',
    "It's fine, but not quite what the estate agents promised.",
    'Some great bits, some less great bits.',
    "I've lived in {name} for a year and the jury is still out.",
    "There's a lot to like here, with a couple of real catches.",
    'Decent place to live, if not somewhere I would rave about.',
  ],
  poor: [
    'I wanted to like {name} more than I did.',
    'Not for me, sadly.',
    'Moved out after a year and I do not miss it much.',
    'Honest review after eighteen months here: disappointing.',
    'The photos online sell {name} better than the reality.',
    'Hard to recommend at the moment.',
  ],
}

export const VIBE_PROS: Record<Vibe, string[]> = {
  Calm: [
    'The streets go properly quiet after about nine.',
    'You can hear birdsong on a Sunday morning, which still amazes me in London.',
    'Plenty of green space and benches, and nobody seems to be in a rush.',
    'Evenings are peaceful: more pub garden than club queue.',
    'I sleep with the window open, which I never managed in Zone 1.',
    'Long walks by the water or across the grass are the main entertainment, and I love it.',
  ],
  Creative: [
    "There's always a gallery opening or a gig on somewhere.",
    'Studios, record shops and street art on nearly every corner.',
    'Lots of makers and freelancers, so the cafés double as offices.',
    'The weekend markets are full of independent stalls and people selling what they made.',
    'Open studio weekends are a highlight; you end up chatting to the artists for hours.',
    'Small venues put on comedy, theatre and music most nights of the week.',
  ],
  'Family-Friendly': [
    'The primary schools have a good reputation and the playgrounds are well kept.',
    'Loads of parks, and the library runs brilliant toddler sessions.',
    "Pavements are wide enough for buggies, which sounds minor but isn't.",
    'Easy to meet other parents at swimming lessons and the Saturday parkrun.',
    'Our kids can walk to school, which was top of our list.',
    'Plenty of cafés where nobody minds a pram or a bit of noise.',
  ],
  Diverse: [
    'You can eat your way round the world on one high street.',
    'Neighbours from every corner of the globe, and it shows in the festivals.',
    'The mix of languages on the bus is part of the charm.',
    "Brilliant grocers: you'll find ingredients here you won't find anywhere else.",
    'Places of worship of every kind within a short walk of each other, and everyone gets on.',
    'Every weekend there seems to be a different community celebration in the park.',
  ],
}

export const VIBE_CONS: Record<Vibe, string[]> = {
  Calm: [
    'It can feel a bit too sleepy if you want nightlife.',
    'Quiet, yes, but getting home late without a car is a pain.',
    'Shops close early and Sundays are very, very slow.',
    'Lovely, but it can feel like everyone is over fifty and owns a Labrador.',
  ],
  Creative: [
    'Some nights the noise from the bars is a lot.',
    'Rents have climbed so fast that many of the artists are being priced out.',
    'Weekends are overrun with visitors and the pavements get grim.',
    'It is starting to feel more like a brand than a neighbourhood.',
  ],
  'Family-Friendly': [
    'School places are very competitive, so plan ahead.',
    "Weekends get crowded with buggies, which isn't everyone's idea of fun.",
    'Family-sized homes cost a fortune and rarely come up.',
    'Not much going on in the evenings if you do not have kids.',
  ],
  Diverse: [
    'The high street can be hectic and a bit grubby.',
    "Regeneration is changing the area quickly and not everyone's happy about it.",
    'Some of the older community spaces have closed and that is a real loss.',
    'It is loud and crowded at rush hour, every single day.',
  ],
}

export const DETAILS_GOOD: string[] = [
  'Transport is easy: I get to the office in about twenty-five minutes.',
  'Still just about affordable compared with the areas around it.',
  'The bakery near the station does the best cinnamon buns I have had.',
  "I've always felt safe walking home late.",
  'Neighbours actually say hello, and the street WhatsApp group is genuinely useful.',
  'Good coffee everywhere, if you do not mind paying for it.',
  'The local pubs are proper pubs, with quiz nights and dogs under the tables.',
  'Buses run all night, which matters more than people think.',
  'There is a brilliant Saturday farmers market.',
  'The council keeps the parks and streets in good shape.',
]

export const DETAILS_POOR: string[] = [
  'Rents are steep, and the flats are not always worth it.',
  'Bike theft is a real problem, so get a decent lock.',
  'The trains are packed at rush hour and often delayed.',
  'Parking is a nightmare if you have a car.',
  'Too many betting shops and empty units on the main road.',
  'Bin collections are hit and miss and the streets show it.',
  'Building work seems to be everywhere, all the time.',
  'Traffic on the main road is relentless.',
]

export const CLOSERS: Record<Tone, string[]> = {
  good: [
    'Would recommend to anyone.',
    "Can't imagine living anywhere else now.",
    'Spend a Saturday here and you will see why.',
    'Five stars from me, and from the dog.',
    'If you get the chance to move here, take it.',
    'Genuinely feels like a village inside the city.',
  ],
  mixed: [
    'Worth a look, but visit on a weekday evening as well as a weekend.',
    'Fine for a few years, maybe not forever.',
    'Good, not great.',
    'Depends a lot on which street you end up on.',
    'I would live here again, but with my eyes open.',
  ],
  poor: [
    'Might suit someone else, but I am glad I moved.',
    'Hoping it improves; there is potential.',
    'Do a few night-time visits before you sign anything.',
    'Not the place for me.',
    'I would look elsewhere for now.',
  ],
}

/** Free-text names on reviews that no account has claimed yet. */
export const UNCLAIMED_AUTHORS: string[] = [
  'Sam from Bow',
  'A local',
  'Former resident',
  'Priya K.',
  'Dan',
  'Renter of six years',
  'Grace M.',
  'Local mum',
  'Ade',
  'Helen',
  'Night-shift worker',
  'Marco',
  'Chloe T.',
  'Long-time neighbour',
]
