import { atom, map } from 'nanostores'

import { MESSAGES } from '@/rules/messages'
import { normaliseTags } from '@/rules/tags'
import { storySchema } from '@/schemas/story'
import { storyHref } from '@/views/story'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { toast } from '@widgets/lib/toast'
import { uploadMedia } from '@widgets/lib/uploadMedia'

/** What the 'Share Your Story' form holds (SPEC §5 story form). */
export interface StoryDraft {
  /** The neighbourhood's id as the picker's value; '' while none is chosen. */
  neighbourhood: string
  title: string
  description: string
  /** Comma-separated, as typed. */
  tags: string
  isPublic: boolean
  image: File | null
}

export type StoryField = 'neighbourhood' | 'title' | 'description' | 'tags' | 'image'

export interface StoryFormState {
  status: 'idle' | 'uploading' | 'saving' | 'done'
  /** Upload progress 0..1 while an image goes up. */
  progress: number
  /** The form-level failure shown in the alert ('Failed to submit story.' and why). */
  error: string | null
  detail: string | null
  fieldErrors: Partial<Record<StoryField, string>>
}

export const IDLE: StoryFormState = {
  status: 'idle',
  progress: 0,
  error: null,
  detail: null,
  fieldErrors: {},
}

export const $storyForm = atom<StoryFormState>(IDLE)

/** SPEC §5: public by default. */
export const EMPTY_DRAFT: StoryDraft = {
  neighbourhood: '',
  title: '',
  description: '',
  tags: '',
  isPublic: true,
  image: null,
}

export const $storyDraft = map<StoryDraft>(EMPTY_DRAFT)

/** Starts a new draft (with the neighbourhood of the page it was opened from, if any). */
export function startStoryDraft(neighbourhood: string) {
  $storyDraft.set({ ...EMPTY_DRAFT, neighbourhood })
  $storyForm.set(IDLE)
}

/** Edits one field; its error (if shown) goes away as the person types. */
export function setDraftField<K extends keyof StoryDraft>(field: K, value: StoryDraft[K]) {
  $storyDraft.set({ ...$storyDraft.get(), [field]: value })
  const state = $storyForm.get()
  if (state.fieldErrors[field as StoryField]) {
    const fieldErrors = { ...state.fieldErrors }
    delete fieldErrors[field as StoryField]
    $storyForm.set({ ...state, fieldErrors })
  }
}

/** The fields the server validates, as the API takes them (tags already split and trimmed). */
function toInput(draft: StoryDraft, image: number | null) {
  return {
    neighbourhood: draft.neighbourhood === '' ? null : Number(draft.neighbourhood),
    title: draft.title,
    description: draft.description,
    tags: normaliseTags(draft.tags),
    isPublic: draft.isPublic,
    image,
  }
}

/**
 * Checks the draft with the server's own schema (src/schemas/story.ts), so the form says the
 * same words as the API: 'Please select a neighbourhood', 'Title is required.', ...
 */
export function validateDraft(draft: StoryDraft): Partial<Record<StoryField, string>> {
  const parsed = storySchema.safeParse(toInput(draft, null))
  if (parsed.success) return {}
  const errors: Partial<Record<StoryField, string>> = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as StoryField
    errors[field] ??= issue.message
  }
  return errors
}

/**
 * Shares a story: checks it, uploads the image (if any) through the one media upload, creates
 * the story and resolves with the page to open. On failure the form shows 'Failed to submit
 * story.' (SPEC §8) with the server's reason, and a toast says it too; resolves null.
 */
export async function submitStory(slugOf: (id: number) => string): Promise<string | null> {
  const draft = $storyDraft.get()
  const fieldErrors = validateDraft(draft)
  if (Object.keys(fieldErrors).length > 0) {
    $storyForm.set({ ...IDLE, fieldErrors })
    return null
  }
  let image: number | null = null
  try {
    if (draft.image) {
      $storyForm.set({ ...IDLE, status: 'uploading' })
      image = await uploadMedia(draft.image, 'story-image', draft.title.trim(), (progress) =>
        $storyForm.set({ ...$storyForm.get(), progress }),
      )
    }
    $storyForm.set({ ...IDLE, status: 'saving', progress: 1 })
    const answer = await send('stories.post', {
      ...toInput(draft, image),
      neighbourhood: Number(draft.neighbourhood),
    })
    $storyForm.set({ ...IDLE, status: 'done' })
    return storyHref(slugOf(Number(draft.neighbourhood)), answer.doc.id)
  } catch (e) {
    const status = e instanceof ApiError ? e.status : 0
    const detail =
      status === 401 || status === 403
        ? MESSAGES.signInToShareStory
        : e instanceof Error && image === null && draft.image
          ? e.message || MESSAGES.imageUploadFailed
          : e instanceof Error
            ? e.message
            : null
    console.warn('Story submit failed', e)
    $storyForm.set({ ...IDLE, error: MESSAGES.storySubmitFailed, detail })
    toast.error(MESSAGES.storySubmitFailed, { id: 'story-submit' })
    return null
  }
}
