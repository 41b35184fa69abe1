import { z } from './zod'

import {
  DESCRIPTION_MAX,
  MARKET_CONDITIONS,
  MARKET_KINDS,
  MARKET_STATUSES,
  MARKET_TEXT,
  MAX_PHOTOS,
  MAX_PRICE_PENCE,
  MIN_PRICE_PENCE,
  penceOf,
  STREET_MAX,
  TITLE_MAX,
  TITLE_MIN,
} from '@/rules/market'
import { noNul, NUL_MESSAGE, relationId } from './common'

const empty = (value: unknown) => value === undefined || value === null || value === ''

/** Text a form may leave empty: trimmed, '' when not given. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: tooLong })
    .trim()
    .max(max, { error: tooLong })
    .refine(noNul, { error: NUL_MESSAGE })
    .nullish()
    .transform((value) => value ?? '')

/** What a seller writes about an item; the item's kind decides which of price and condition apply. */
const itemFields = z.object({
  kind: z.enum(MARKET_KINDS, { error: MARKET_TEXT.kind }),
  title: z
    .string({ error: MARKET_TEXT.title })
    .trim()
    .min(TITLE_MIN, { error: MARKET_TEXT.title })
    .max(TITLE_MAX, { error: MARKET_TEXT.title })
    .refine(noNul, { error: NUL_MESSAGE }),
  description: optionalText(DESCRIPTION_MAX, MARKET_TEXT.description),
  /** Pounds, as typed or as a number; stored as whole pence. */
  price: z.union([z.string(), z.number()], { error: MARKET_TEXT.priceNotNumber }).nullish(),
  condition: z
    .union([z.enum(MARKET_CONDITIONS), z.literal('')], { error: MARKET_TEXT.condition })
    .nullish(),
  photos: z
    .array(relationId(MARKET_TEXT.photoNotYours), { error: MARKET_TEXT.photoNotYours })
    .max(MAX_PHOTOS, { error: MARKET_TEXT.tooManyPhotos })
    .nullish()
    .transform((ids) => [...new Set(ids ?? [])]),
  street: optionalText(STREET_MAX, MARKET_TEXT.street),
})

type ItemFields = z.output<typeof itemFields>

/** The kind's rules: a sale has a price in range; Free and Wanted none; Wanted no condition. */
function kindRules(item: ItemFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message })
  if (item.kind === 'sale') {
    if (empty(item.price)) return issue('price', MARKET_TEXT.priceNeeded)
    const pence = penceOf(item.price)
    if (pence === null) return issue('price', MARKET_TEXT.priceNotNumber)
    if (pence < MIN_PRICE_PENCE || pence > MAX_PRICE_PENCE)
      return issue('price', MARKET_TEXT.priceRange)
  } else if (!empty(item.price)) return issue('price', MARKET_TEXT.priceNotForKind)
  if (item.kind === 'wanted' && !empty(item.condition))
    return issue('condition', MARKET_TEXT.conditionNotForWanted)
}

/** The stored shape: whole pence or null, a condition or null. */
const stored = <T extends ItemFields>(item: T) => ({
  ...item,
  pricePence: item.kind === 'sale' ? penceOf(item.price) : null,
  condition: item.kind === 'wanted' || !item.condition ? null : item.condition,
})

/** market.create: a new item in a neighbourhood. */
export const marketCreateSchema = itemFields
  .extend({ neighbourhood: relationId(MARKET_TEXT.neighbourhood) })
  .superRefine(kindRules)
  .transform(stored)

/** market.edit: every field again (the neighbourhood stays). */
export const marketEditSchema = itemFields.superRefine(kindRules).transform(stored)

export const marketStatusSchema = z.object({
  status: z.enum(MARKET_STATUSES, { error: MARKET_TEXT.status }),
})

/** market.renew: signed in as the seller, or the signed single-use token of the renewal mail. */
export const marketRenewSchema = z.object({
  token: z.string().max(2000).optional(),
})

/** An item as the commands answer it. */
export const marketItemAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(MARKET_KINDS),
  title: z.string(),
  description: z.string(),
  pricePence: z.number().int().nullable(),
  condition: z.enum(MARKET_CONDITIONS).nullable(),
  photos: z.array(z.number().int()),
  street: z.string(),
  status: z.enum(MARKET_STATUSES),
  expiresAt: z.string(),
  neighbourhood: z.number().int(),
  author: z.number().int().nullable(),
})
export type MarketItemAnswer = z.output<typeof marketItemAnswer>
