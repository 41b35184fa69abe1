import { expiryFrom, MARKET_TEXT } from '@/rules/market'
import { inTransaction, lockRow, query, sql } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'
import {
  fieldRefusal,
  itemAnswer,
  liveItemsOf,
  photosRefusal,
  textRefusal,
  tooManyItems,
} from '@collections/MarketItems/itemRules'

/**
 * market.create: a confirmed member lists an item in a neighbourhood. The member's row is locked
 * while their live items are counted, so two lists at once cannot make an eleventh.
 */
export const createItem = command('market.create', async ({ req, input, user }) => {
  const member = user!.id
  const refusedText = textRefusal(input)
  if (refusedText) return refusedText
  return inTransaction(req, async () => {
    await lockRow(req, 'users', member)
    const [account] = await query<{ confirmed: boolean }>(
      req,
      sql`SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = ${member}`,
    )
    if (!account?.confirmed) return refuse(403, MARKET_TEXT.confirmEmail)
    const [place] = await query<{ id: number }>(
      req,
      sql`SELECT id FROM neighbourhoods WHERE id = ${input.neighbourhood}`,
    )
    if (!place) return fieldRefusal('neighbourhood', MARKET_TEXT.neighbourhood, 404)
    const tooMany = tooManyItems(await liveItemsOf(req, member))
    if (tooMany) return tooMany
    const badPhotos = await photosRefusal(req, member, input.photos)
    if (badPhotos) return badPhotos
    const doc = await req.payload.create({
      collection: 'market-items',
      data: {
        kind: input.kind,
        title: input.title,
        description: input.description,
        pricePence: input.pricePence,
        condition: input.condition,
        photos: input.photos,
        street: input.street,
        status: 'available',
        expiresAt: expiryFrom(new Date()).toISOString(),
        neighbourhood: input.neighbourhood,
      },
      req,
      depth: 0,
      overrideAccess: true,
    })
    return itemAnswer(doc)
  })
})
