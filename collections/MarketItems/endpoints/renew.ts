import { expiryFrom, MARKET_TEXT } from '@/rules/market'
import { inTransaction, lockRow } from '@/server/database/db'
import { refuse } from '@/server/http/requests'
import { command } from '@collections/shared/command'
import { itemAnswer } from '@collections/MarketItems/itemRules'
import { renewTokenFits } from '@/data/marketRenewToken'
import { sellerItem, updateItem } from '@collections/MarketItems/sellerItem'

/**
 * market.renew: another 30 days from now. With the mail's token anyone holding the link may
 * (once: the renewed item has another expiry); without it, the signed-in seller or staff.
 */
export const renewItem = command('market.renew', async ({ req, input, params }) =>
  inTransaction(req, async () => {
    await lockRow(req, 'market_items', params.id)
    if (input.token) {
      const item = await req.payload.findByID({
        collection: 'market-items',
        id: params.id,
        depth: 0,
        req,
        disableErrors: true,
      })
      if (!item || item.hidden) return refuse(404, MARKET_TEXT.notFound)
      if (!renewTokenFits(req.payload.secret, input.token, item, Date.now()))
        return refuse(403, MARKET_TEXT.renewRefused)
      return itemAnswer(await renew(req, item.id))
    }
    if (!req.user) return refuse(401, MARKET_TEXT.signIn)
    const item = await sellerItem(req, params.id)
    if (item instanceof Response) return item
    return itemAnswer(await renew(req, item.id))
  }),
)

const renew = (req: Parameters<typeof updateItem>[0], id: number) =>
  updateItem(req, id, { expiresAt: expiryFrom(new Date()).toISOString(), renewMailedFor: null })
