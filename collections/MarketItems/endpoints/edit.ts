import { inTransaction } from '@/server/database/db'
import { command } from '@collections/shared/command'
import { itemAnswer, photosRefusal, textRefusal } from '@collections/MarketItems/itemRules'
import { sellerItem, updateItem } from '@collections/MarketItems/sellerItem'
import { relId } from '@/views/media'

/** market.edit: the seller (or staff) changes what the item says; its neighbourhood stays. */
export const editItem = command('market.edit', async ({ req, input, params }) => {
  const refusedText = textRefusal(input)
  if (refusedText) return refusedText
  return inTransaction(req, async () => {
    const item = await sellerItem(req, params.id)
    if (item instanceof Response) return item
    const attached = (item.photos ?? []).map((p) => relId(p)).filter((id) => id !== null)
    const owner = relId(item.author ?? null) ?? req.user!.id
    const badPhotos = await photosRefusal(req, owner, input.photos, attached)
    if (badPhotos) return badPhotos
    const doc = await updateItem(req, item.id, {
      kind: input.kind,
      title: input.title,
      description: input.description,
      pricePence: input.pricePence,
      condition: input.condition,
      photos: input.photos,
      street: input.street,
    })
    return itemAnswer(doc)
  })
})
