import { MARKET_TEXT } from '@/rules/market'
import {
  marketCreateSchema,
  marketEditSchema,
  marketItemAnswer,
  marketRenewSchema,
  marketStatusSchema,
} from '@/schemas/market'
import { defineContract } from './contract'
import { idParams } from './params'

/** Lists an item: for sale, free or wanted, with up to four photos uploaded before. */
export const marketCreate = defineContract({
  method: 'POST',
  path: '/api/market-items/new',
  summary: 'List an item for sale, to give away or wanted',
  tag: 'market',
  caller: 'member',
  signIn: MARKET_TEXT.signIn,
  input: marketCreateSchema,
  output: marketItemAnswer,
  status: 201,
  refusals: { 403: MARKET_TEXT.confirmEmail, 409: MARKET_TEXT.tooMany },
})

/** The seller changes what the item says. */
export const marketEdit = defineContract({
  method: 'PATCH',
  path: '/api/market-items/{id}/details',
  summary: "Change an item's details (its seller)",
  tag: 'market',
  caller: 'member',
  signIn: MARKET_TEXT.signIn,
  params: idParams,
  input: marketEditSchema,
  output: marketItemAnswer,
  refusals: { 403: MARKET_TEXT.notSeller, 404: MARKET_TEXT.notFound },
})

/** available → reserved → gone (or back), by the seller or staff. */
export const marketStatus = defineContract({
  method: 'POST',
  path: '/api/market-items/{id}/status',
  summary: "Change an item's status: available, reserved or gone",
  tag: 'market',
  caller: 'member',
  signIn: MARKET_TEXT.signIn,
  params: idParams,
  input: marketStatusSchema,
  output: marketItemAnswer,
  refusals: { 403: MARKET_TEXT.notSeller, 404: MARKET_TEXT.notFound },
})

/**
 * Keeps an item listed for another 30 days: the signed-in seller, or anyone holding the
 * single-use link of the renewal mail.
 */
export const marketRenew = defineContract({
  method: 'POST',
  path: '/api/market-items/{id}/renew',
  summary: 'Keep an item listed for another 30 days',
  tag: 'market',
  caller: 'anyone',
  params: idParams,
  input: marketRenewSchema,
  output: marketItemAnswer,
  refusals: { 403: MARKET_TEXT.renewRefused, 404: MARKET_TEXT.notFound },
})
