import { inTransaction } from '@/server/database/db'
import { command } from '@collections/shared/command'
import { itemAnswer } from '@collections/MarketItems/itemRules'
import { sellerItem, updateItem } from '@collections/MarketItems/sellerItem'

/** market.status: available, reserved or gone, set by the seller or staff. */
export const changeStatus = command('market.status', async ({ req, input, params }) =>
  inTransaction(req, async () => {
    const item = await sellerItem(req, params.id)
    if (item instanceof Response) return item
    return itemAnswer(await updateItem(req, item.id, { status: input.status }))
  }),
)
