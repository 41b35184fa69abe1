import type { MarketKind } from './market'

/**
 * What the market does not carry (weapons, medicines, tobacco, alcohol, animals for sale): a short
 * list of whole words, so "ginger" is not gin. It catches the plain cases; editors hide what
 * slips through, and a word that is fine in context (a wine rack) is left out on purpose.
 */
export type ProhibitedCategory = 'weapons' | 'medicines' | 'tobacco' | 'alcohol' | 'animals'

const WORDS: Record<ProhibitedCategory, readonly string[]> = {
  weapons: [
    'gun',
    'guns',
    'rifle',
    'pistol',
    'shotgun',
    'ammunition',
    'ammo',
    'crossbow',
    'machete',
    'taser',
    'pepper spray',
    'knuckle duster',
    'knuckle dusters',
    'flick knife',
    'butterfly knife',
  ],
  medicines: [
    'medicine',
    'medicines',
    'medication',
    'prescription',
    'painkillers',
    'antibiotics',
    'codeine',
    'tramadol',
    'diazepam',
    'viagra',
  ],
  tobacco: [
    'tobacco',
    'cigarette',
    'cigarettes',
    'cigar',
    'cigars',
    'vape',
    'vapes',
    'e-liquid',
    'shisha',
  ],
  alcohol: [
    'alcohol',
    'alcoholic',
    'vodka',
    'whisky',
    'whiskey',
    'gin',
    'rum',
    'lager',
    'prosecco',
    'champagne',
  ],
  animals: [
    'puppy',
    'puppies',
    'kitten',
    'kittens',
    'dog',
    'cat',
    'rabbit',
    'rabbits',
    'hamster',
    'guinea pig',
    'parrot',
    'pony',
  ],
}

export const PROHIBITED_MESSAGES: Record<ProhibitedCategory, string> = {
  weapons: 'Weapons cannot be listed on the market: it is against the rules and often the law.',
  medicines: 'Medicines cannot be listed on the market: only a pharmacist may hand them on safely.',
  tobacco: 'Tobacco and vapes cannot be listed on the market: they need an age check we cannot do.',
  alcohol: 'Alcohol cannot be listed on the market: it needs a licence and an age check.',
  animals:
    'Animals cannot be sold on the market: please use a registered rehoming charity instead.',
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')

const PATTERNS = Object.fromEntries(
  Object.entries(WORDS).map(([category, words]) => [
    category,
    new RegExp(`(?<![\\p{L}\\p{N}-])(?:${words.map(escape).join('|')})(?![\\p{L}\\p{N}-])`, 'iu'),
  ]),
) as Record<ProhibitedCategory, RegExp>

/** The first category the texts fall in (animals only when they are for sale), or null. */
export function findProhibited(
  kind: MarketKind,
  ...texts: (string | null | undefined)[]
): ProhibitedCategory | null {
  const text = texts.filter(Boolean).join('\n')
  for (const category of Object.keys(PATTERNS) as ProhibitedCategory[]) {
    if (category === 'animals' && kind !== 'sale') continue
    if (PATTERNS[category].test(text)) return category
  }
  return null
}
