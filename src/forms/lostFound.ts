import { wallTimeToIso } from '@/rules/eventTime'
import { LOST_FOUND_TEXT as TEXT, MAX_PHOTOS } from '@/rules/lostFound'
import { lostFoundPostSchema } from '@/schemas/lostFound'
import { lostFoundHref } from '@/views/lostFound'
import {
  buttonForm,
  commandRequest,
  ok,
  refusal,
  schemaRefusal,
  sendCommand,
  upload,
  viewer,
} from './calls'
import { id, text, type FormHandler } from './types'

/** The photos chosen in the form's file field (browsers send an empty part when none). */
const chosenPhotos = (fields: FormData): File[] =>
  fields
    .getAll('photos')
    .filter((value): value is File => typeof value === 'object' && value.size > 0)

const coordinate = (fields: FormData, name: string) => {
  const raw = text(fields, name).trim()
  return raw === '' ? undefined : Number(raw)
}

/**
 * A new lost or found post from the list page: checked first (nothing is uploaded for a post that
 * would be refused), then the photos uploaded, then the same command the island calls.
 */
export const lostFound: FormHandler = async ({ fields, call }) => {
  if (!(await viewer(call))) return { error: TEXT.signIn }
  const description = text(fields, 'description').trim()
  const input = {
    neighbourhood: id(fields, 'neighbourhood') ?? 0,
    kind: text(fields, 'kind'),
    what: text(fields, 'what'),
    title: text(fields, 'title'),
    ...(description ? { description } : {}),
    // The form's wall-clock time is London's, whatever the server's zone.
    seenAt: wallTimeToIso(text(fields, 'seenAt')) ?? text(fields, 'seenAt'),
    latitude: coordinate(fields, 'latitude'),
    longitude: coordinate(fields, 'longitude'),
  }
  const checked = lostFoundPostSchema.safeParse(input)
  if (!checked.success) return schemaRefusal(checked.error)
  const files = chosenPhotos(fields)
  if (files.length > MAX_PHOTOS) return { error: TEXT.tooManyPhotos, field: 'photos' }
  const photos: number[] = []
  for (const file of files) {
    const uploaded = await upload(call, file, 'lost-found-photo', text(fields, 'title'))
    if (typeof uploaded !== 'number') return { ...uploaded, field: 'photos' }
    photos.push(uploaded)
  }
  const answer = await sendCommand(call, 'lostFound.post', {
    ...(input as typeof checked.data),
    seenAt: checked.data.seenAt,
    photos,
  })
  if (!ok(answer)) return refusal(answer, TEXT.failed)
  const post = answer.body as { id: number }
  return { redirect: lostFoundHref(post.id), flash: TEXT.posted }
}

/** Mark reunited (or open again) on the post's page. */
export const lostFoundStatus = buttonForm({
  loginMessage: () => TEXT.signIn,
  request: (fields) => {
    const post = id(fields, 'post')
    const status = text(fields, 'status')
    return post === null || (status !== 'open' && status !== 'reunited')
      ? null
      : commandRequest('lostFound.status', { status }, { id: post })
  },
  done: TEXT.reunited,
  failed: TEXT.failed,
})
