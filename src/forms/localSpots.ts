import { errorMessage } from '@/rules/apiErrors'
import { CATEGORY_LABELS, normaliseCategory } from '@/rules/localSpots'
import { MESSAGES } from '@/rules/messages'
import { mapsUrlSchema } from '@/schemas/localBusiness'
import { sendCommand, upload, viewer } from './calls'
import { file, id, text, type FormHandler } from './types'

/** A category as typed in the box: a known one by key or by its label, else the text itself. */
function categoryOf(typed: string): string {
  const wanted = typed.trim().toLowerCase()
  const known = Object.entries(CATEGORY_LABELS).find(
    ([key, label]) => key !== 'other' && label.toLowerCase() === wanted,
  )
  return known ? known[0] : normaliseCategory(typed)
}

/**
 * 'Suggest a Local Spot' without scripts: name, category (typed), description, the address as
 * text, a Google Maps link and an image; back to the list with the spec's thanks.
 */
export const spot: FormHandler = async ({ fields, page, call }) => {
  const failed = 'Failed to submit. Try again.'
  const name = text(fields, 'name').trim()
  if (!name) return { error: MESSAGES.spotNameRequired, field: 'name' }
  const category = categoryOf(text(fields, 'category'))
  if (!category) return { error: MESSAGES.selectCategory, field: 'category' }
  const googleMapsUrl = text(fields, 'googleMapsUrl').trim()
  if (googleMapsUrl && !mapsUrlSchema.safeParse(googleMapsUrl).success)
    return { error: MESSAGES.mapsUrlInvalid, field: 'googleMapsUrl' }
  if (!(await viewer(call))) return { error: MESSAGES.loginToSuggestSpot }
  const neighbourhood = id(fields, 'neighbourhood')
  if (neighbourhood === null) return { error: MESSAGES.selectNeighbourhood }
  const chosen = file(fields, 'image')
  let image: number | null = null
  if (chosen) {
    const uploaded = await upload(call, chosen, 'business-image', name)
    if (typeof uploaded !== 'number') return uploaded
    image = uploaded
  }
  const answer = await sendCommand(call, 'localSpots.suggest', {
    name,
    category,
    description: text(fields, 'description').trim(),
    address: text(fields, 'address').trim(),
    googleMapsUrl,
    emojis: [],
    image,
    neighbourhood,
  })
  if (answer.status >= 400)
    return { error: answer.status < 500 ? errorMessage(answer.body, failed) : failed }
  return { redirect: page.pathname + page.search, flash: MESSAGES.spotSuggested }
}
