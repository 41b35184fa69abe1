import { errorMessage } from '@/rules/apiErrors'
import { MESSAGES } from '@/rules/messages'
import { slugify } from '@/rules/slug'
import { checkForm } from '@/schemas/neighbourhoodForm'
import { ok, sendCommand, upload, viewer } from './calls'
import { file, id, text, type FormHandler, type FormInput } from './types'

/**
 * Submit or edit a neighbourhood without the map: latitude and longitude are typed (the map and
 * the address search fill them once scripts run). A slug left empty follows the name, as the
 * island's slug does until it is edited.
 */
async function save({ fields, call }: FormInput, editing: number | null) {
  const failed = editing ? MESSAGES.neighbourhoodUpdateFailed : MESSAGES.neighbourhoodSubmitFailed
  const name = text(fields, 'name')
  const checked = checkForm({
    name,
    slug: text(fields, 'slug').trim() || slugify(name),
    tagline: text(fields, 'tagline'),
    vibes: fields.getAll('vibes').filter((v): v is string => typeof v === 'string'),
    latitude: text(fields, 'latitude'),
    longitude: text(fields, 'longitude'),
  })
  if (!checked.ok) return { error: checked.message }
  if (!(await viewer(call))) return { error: MESSAGES.signInToSubmitNeighbourhood }
  const chosen = file(fields, 'image')
  let image: number | undefined
  if (chosen) {
    const uploaded = await upload(call, chosen, 'neighbourhood-image', checked.body.name)
    if (typeof uploaded !== 'number') return { ...uploaded, field: 'image' }
    image = uploaded
  }
  const body = { ...checked.body, ...(image ? { image } : {}) }
  const answer = editing
    ? await sendCommand(call, 'neighbourhoods.edit', body, { id: editing })
    : await sendCommand(call, 'neighbourhoods.submit', body)
  if (!ok(answer))
    return { error: answer.status === 400 ? errorMessage(answer.body, failed) : failed }
  const slug = (answer.body as { doc?: { slug?: string } } | undefined)?.doc?.slug ?? body.slug
  const taken =
    !editing && slug !== body.slug
      ? ` “${body.slug}” was taken, so its address is /neighbourhood/${slug}.`
      : ''
  return {
    redirect: `/neighbourhood/${encodeURIComponent(slug)}`,
    flash: (editing ? MESSAGES.neighbourhoodUpdated : MESSAGES.neighbourhoodSubmitted) + taken,
  }
}

export const neighbourhood: FormHandler = (input) => save(input, null)

export const editNeighbourhood: FormHandler = async (input) => {
  const editing = id(input.fields, 'id')
  if (editing === null) return { error: MESSAGES.neighbourhoodUpdateFailed }
  return save(input, editing)
}
