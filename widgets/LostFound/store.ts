import { wallTimeToIso } from '@/rules/eventTime'
import { LOST_FOUND_TEXT as TEXT, MAX_PHOTOS } from '@/rules/lostFound'
import { lostFoundHref } from '@/views/lostFound'
import { fieldText } from '@/views/forms'
import { send } from '@widgets/lib/client'
import {
  filesOf,
  postFormStore,
  Refusal,
  schemaRefusal,
  sendPostForm,
  uploadPhotos,
} from '@widgets/lib/postForm'

/** 'Post something lost or found' (the neighbourhood's lost and found page): its send. */
export const $lostFoundForm = postFormStore()

const coordinate = (fields: FormData, name: string) => {
  const raw = fieldText(fields, name).trim()
  return raw === '' ? undefined : Number(raw)
}

/**
 * Posts what the form holds, as the form handler (src/forms/lostFound.ts) does without
 * JavaScript: checked with the command's schema first (nothing is uploaded for a post that
 * would be refused), then the photos, then lostFound.post. Resolves with the post's page, or
 * null when refused.
 */
export function submitLostFound(fields: FormData): Promise<string | null> {
  return sendPostForm($lostFoundForm, TEXT.failed, async () => {
    const description = fieldText(fields, 'description').trim()
    const seenAt = fieldText(fields, 'seenAt')
    const input = {
      neighbourhood: Number(fieldText(fields, 'neighbourhood')),
      kind: fieldText(fields, 'kind'),
      what: fieldText(fields, 'what'),
      title: fieldText(fields, 'title'),
      ...(description ? { description } : {}),
      // The form's wall-clock time is London's, whatever the device's zone.
      seenAt: wallTimeToIso(seenAt) ?? seenAt,
      latitude: coordinate(fields, 'latitude'),
      longitude: coordinate(fields, 'longitude'),
    }
    // The schema (and zod) load once the form is sent, not with the page.
    const { lostFoundPostSchema } = await import('@/schemas/lostFound')
    const parsed = lostFoundPostSchema.safeParse(input)
    if (!parsed.success) throw schemaRefusal(parsed.error.issues)
    const files = filesOf(fields, 'photos')
    if (files.length > MAX_PHOTOS) throw new Refusal(TEXT.tooManyPhotos, 'photos')
    const photos = await uploadPhotos($lostFoundForm, files, 'lost-found-photo', input.title)
    const post = await send('lostFound.post', { ...parsed.data, photos })
    return lostFoundHref(post.id)
  })
}
