import { atom, type WritableAtom } from 'nanostores'

import type { ImagePurpose } from '@/rules/imageFile'
import { ApiError } from './api'
import { uploadMedia } from './uploadMedia'

/**
 * A post form's send (the market item, lost and found, alert islands): what the form shows
 * while it goes (photos uploading with their share sent, saving) and a refusal beside the field
 * it names, or above the form. What was typed stays in the form's own fields.
 */
export interface PostFormState {
  status: 'idle' | 'uploading' | 'saving' | 'done'
  /** Share of all chosen photos' bytes sent (0 to 1) while they upload. */
  progress: number
  error: string | null
  /** The field the refusal names, when it names one. */
  field?: string
}

export const POST_FORM_IDLE: PostFormState = { status: 'idle', progress: 0, error: null }

export const postFormStore = (): WritableAtom<PostFormState> => atom(POST_FORM_IDLE)

/** A refusal the form shows (the same words the server's form handler shows without JS). */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

/** The files chosen in a file field (none chosen: the browser sends one empty part). */
export const filesOf = (fields: FormData, name: string): File[] =>
  fields.getAll(name).filter((v): v is File => typeof v === 'object' && v.size > 0)

/** A schema's first issue as the form's refusal, beside the field it names. */
export function schemaRefusal(issues: readonly { message: string; path: PropertyKey[] }[]) {
  const issue = issues[0]!
  return new Refusal(issue.message, String(issue.path[0] ?? '') || undefined)
}

/**
 * Uploads the photos one after another (each a media upload for `purpose`), the bar showing the
 * share of all their bytes sent. A refused photo is refused beside the photos field, worded as
 * the form handler words it.
 */
export async function uploadPhotos(
  $state: WritableAtom<PostFormState>,
  files: File[],
  purpose: ImagePurpose,
  alt: string,
): Promise<number[]> {
  const total = files.reduce((n, f) => n + f.size, 0) || 1
  let sent = 0
  const ids: number[] = []
  $state.set({ ...POST_FORM_IDLE, status: 'uploading' })
  for (const file of files) {
    try {
      ids.push(
        await uploadMedia(file, purpose, alt, (share) =>
          $state.set({ ...$state.get(), progress: (sent + share * file.size) / total }),
        ),
      )
    } catch (e) {
      throw new Refusal(`Image upload failed: ${e instanceof Error ? e.message : ''}`, 'photos')
    }
    sent += file.size
  }
  $state.set({ ...POST_FORM_IDLE, status: 'saving', progress: 1 })
  return ids
}

/**
 * Runs a form's send: the store says 'saving' (or what `work` sets), then done with the page to
 * open, or refused with the message and its field (a Refusal, or the server's ApiError naming a
 * field). Resolves with the page to open, or null when refused.
 */
export async function sendPostForm(
  $state: WritableAtom<PostFormState>,
  fallback: string,
  work: () => Promise<string>,
): Promise<string | null> {
  $state.set({ ...POST_FORM_IDLE, status: 'saving' })
  try {
    const href = await work()
    $state.set({ ...POST_FORM_IDLE, status: 'done', progress: 1 })
    return href
  } catch (e) {
    const field = e instanceof Refusal || e instanceof ApiError ? e.field : undefined
    const error = e instanceof Error && e.message ? e.message : fallback
    $state.set({ ...POST_FORM_IDLE, error, field })
    return null
  }
}
