import { MARKET_TEXT, MAX_PHOTOS } from '@/rules/market'
import { marketCreateSchema } from '@/schemas/market'
import { marketItemHref, marketItemInput } from '@/views/market'
import { ok, refusal, schemaRefusal, sendCommand, upload, viewer } from './calls'
import { id, text, type FormHandler } from './types'

/** The photos chosen in the form's file input (browsers send one empty part for none). */
const chosenPhotos = (fields: FormData) =>
  fields.getAll('photos').filter((v): v is File => typeof v === 'object' && v.size > 0)

/**
 * 'List an item': the fields are checked as the command checks them before any photo is
 * uploaded, then each photo goes up as the island's do, then market.create; the item's page.
 */
export const marketItem: FormHandler = async ({ fields, call }) => {
  const input = marketItemInput(fields)
  const parsed = marketCreateSchema.safeParse(input)
  if (!parsed.success) return schemaRefusal(parsed.error)
  if (!(await viewer(call))) return { error: MARKET_TEXT.signIn }
  const files = chosenPhotos(fields)
  if (files.length > MAX_PHOTOS) return { error: MARKET_TEXT.tooManyPhotos, field: 'photos' }
  const photos: number[] = []
  for (const photo of files) {
    const uploaded = await upload(call, photo, 'market-photo', input.title.trim())
    if (typeof uploaded !== 'number') return { ...uploaded, field: 'photos' }
    photos.push(uploaded)
  }
  const answer = await sendCommand(call, 'market.create', { ...input, photos })
  if (!ok(answer)) return refusal(answer, MARKET_TEXT.notFound)
  const created = (answer.body as { id: number }).id
  return { redirect: marketItemHref(created), flash: MARKET_TEXT.listed }
}

/** The seller's Available / Reserved / Gone buttons on the item page. */
export const marketStatus: FormHandler = async ({ fields, page, call }) => {
  const item = id(fields, 'item') ?? 0
  const answer = await sendCommand(
    call,
    'market.status',
    { status: text(fields, 'status') as 'available' },
    { id: item },
  )
  if (!ok(answer)) return refusal(answer, MARKET_TEXT.notSeller)
  return { redirect: page.pathname, flash: MARKET_TEXT.statusChanged }
}

/** 'Renew' on the item page (the seller), or the renewal mail's link page (its token). */
export const marketRenew: FormHandler = async ({ fields, call }) => {
  const item = id(fields, 'item') ?? 0
  const token = text(fields, 'token')
  const answer = await sendCommand(call, 'market.renew', token ? { token } : {}, { id: item })
  if (!ok(answer)) return refusal(answer, MARKET_TEXT.renewRefused)
  return { redirect: marketItemHref(item), flash: MARKET_TEXT.renewed }
}
