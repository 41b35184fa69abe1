import { MARKET_TEXT, MAX_PHOTOS } from '@/rules/market'
import { marketItemHref, marketItemInput } from '@/views/market'
import { send } from '@widgets/lib/client'
import {
  filesOf,
  postFormStore,
  Refusal,
  schemaRefusal,
  sendPostForm,
  uploadPhotos,
} from '@widgets/lib/postForm'

/** 'List an item' (/market/new): its send, its photos' progress, its refusal. */
export const $marketForm = postFormStore()

/**
 * Lists the item the form holds, as the form handler (src/forms/market.ts) does without
 * JavaScript: the fields checked with the command's schema before any photo goes up, then the
 * photos, then market.create. Resolves with the new item's page, or null when refused.
 */
export function submitMarketItem(fields: FormData): Promise<string | null> {
  return sendPostForm($marketForm, MARKET_TEXT.notFound, async () => {
    const input = marketItemInput(fields)
    // The schema (and zod) load once the form is sent, not with the page.
    const { marketCreateSchema } = await import('@/schemas/market')
    const parsed = marketCreateSchema.safeParse(input)
    if (!parsed.success) throw schemaRefusal(parsed.error.issues)
    const files = filesOf(fields, 'photos')
    if (files.length > MAX_PHOTOS) throw new Refusal(MARKET_TEXT.tooManyPhotos, 'photos')
    const photos = await uploadPhotos($marketForm, files, 'market-photo', input.title.trim())
    const item = await send('market.create', { ...input, photos })
    return marketItemHref(item.id)
  })
}
