import { useStore } from '@nanostores/react'
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react'

import { formAction, keptValue, type FormState } from '@/views/forms'
import { useMentionPicker } from '@widgets/lib/mentions/useMentionPicker'
import { useHydrated } from '@widgets/lib/useHydrated'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'

import {
  $storyDraft,
  $storyForm,
  EMPTY_DRAFT,
  IDLE,
  setDraftField,
  startStoryDraft,
  submitStory,
  type StoryDraft,
  type StoryField,
  type StoryFormState,
} from './store'
import './Stories.css'

interface Props {
  neighbourhoods: { id: number; slug: string; name: string }[]
  /** The neighbourhood the form was opened from (preselected), if any. */
  selected?: number | null
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
}

const FIELDS: StoryField[] = ['neighbourhood', 'title', 'description', 'tags', 'image']

/** A refused form's draft and message, as the store would hold them. */
function refusedOf(form: FormState): { draft: StoryDraft; state: StoryFormState } {
  const field = FIELDS.find((f) => f === form.field)
  return {
    draft: {
      ...EMPTY_DRAFT,
      neighbourhood: keptValue(form, 'neighbourhood'),
      title: keptValue(form, 'title'),
      description: keptValue(form, 'description'),
      tags: keptValue(form, 'tags'),
      isPublic: keptValue(form, 'isPublic') !== '',
    },
    state: field
      ? { ...IDLE, fieldErrors: { [field]: form.error } }
      : { ...IDLE, error: form.error },
  }
}

/**
 * 'Share Your Story' (SPEC §2, §5): neighbourhood, title, description, comma-separated tags,
 * an optional image through the one media upload, public by default. The store checks the draft
 * with the server's schema, uploads, creates, and the form then opens the new story's page.
 */
export default function StoryForm({ neighbourhoods, selected = null, form }: Props) {
  const [refused] = useState(() => (form ? refusedOf(form) : null))
  // The shared stores are set in the browser only (the server renders many visitors' pages).
  const hydrated = useHydrated()
  const storedDraft = useStore($storyDraft)
  const storedState = useStore($storyForm)
  const draft = hydrated
    ? storedDraft
    : (refused?.draft ?? {
        ...EMPTY_DRAFT,
        neighbourhood: selected === null ? '' : String(selected),
      })
  const state = hydrated ? storedState : (refused?.state ?? IDLE)
  const preview = useMemo(
    () => (draft.image ? URL.createObjectURL(draft.image) : null),
    [draft.image],
  )
  const slugs = useMemo(() => new Map(neighbourhoods.map((n) => [n.id, n.slug])), [neighbourhoods])
  const busy = state.status === 'uploading' || state.status === 'saving'
  const errors = state.fieldErrors

  useEffect(() => {
    startStoryDraft(selected === null ? '' : String(selected))
    if (refused) {
      $storyDraft.set(refused.draft)
      $storyForm.set(refused.state)
    }
  }, [selected, refused])
  // After the draft started: what was typed before hydration goes into it.
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, {
    neighbourhood: (v) => setDraftField('neighbourhood', v),
    title: (v) => setDraftField('title', v),
    description: (v) => setDraftField('description', v),
    tags: (v) => setDraftField('tags', v),
  })

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])

  // Moves focus to the first field the person has to fix.
  useEffect(() => {
    const first = (['neighbourhood', 'title', 'description', 'tags', 'image'] as const).find(
      (f) => errors[f],
    )
    if (first) document.getElementById(`story-${first}`)?.focus()
  }, [errors])

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const href = await submitStory((id) => slugs.get(id) ?? '')
    if (href) window.location.assign(href)
  }

  const describedBy = (field: keyof typeof errors, hint?: string) =>
    [errors[field] ? `story-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined
  const fieldError = (field: keyof typeof errors) =>
    errors[field] ? (
      <p className="field-error" id={`story-${field}-error`}>
        {errors[field]}
      </p>
    ) : null
  /** What the select and the text boxes are wired with: id and name, value, error, edits. */
  const box = useRef<HTMLTextAreaElement>(null)
  const picker = useMentionPicker(box, draft.description, (text) =>
    setDraftField('description', text),
  )
  const textField = (field: 'neighbourhood' | 'title' | 'description') => ({
    id: `story-${field}`,
    name: field,
    value: draft[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setDraftField(field, e.target.value),
  })

  return (
    <form
      ref={formRef}
      className="boxed-form story-form"
      noValidate
      method="post"
      encType="multipart/form-data"
      action={formAction('story')}
      onSubmit={(e) => void onSubmit(e)}
    >
      <div className="field">
        <label htmlFor="story-neighbourhood">Neighbourhood</label>
        <select {...textField('neighbourhood')}>
          <option value="">Select a neighbourhood</option>
          {neighbourhoods.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </select>
        {fieldError('neighbourhood')}
      </div>
      <div className="field">
        <label htmlFor="story-title">Title</label>
        <input {...textField('title')} maxLength={200} />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor="story-description">Your story</label>
        <textarea {...textField('description')} ref={box} rows={7} maxLength={10_000} />
        {picker}
        {fieldError('description')}
      </div>
      <div className="field">
        <label htmlFor="story-tags">Tags</label>
        <input
          id="story-tags"
          name="tags"
          value={draft.tags}
          placeholder="food, hidden gem, parks"
          aria-describedby={describedBy('tags', 'story-tags-hint')}
          onChange={(e) => setDraftField('tags', e.target.value)}
        />
        <p className="hint" id="story-tags-hint">
          Separate tags with commas.
        </p>
        {fieldError('tags')}
      </div>
      <div className="field">
        <label htmlFor="story-image">Image (optional)</label>
        <input
          id="story-image"
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          aria-describedby={describedBy('image')}
          onChange={(e) => setDraftField('image', e.target.files?.[0] ?? null)}
        />
        {preview && <img className="story-image-preview" src={preview} alt="Chosen image" />}
        {fieldError('image')}
      </div>
      <div className="field checkbox">
        <input
          id="story-public"
          name="isPublic"
          type="checkbox"
          checked={draft.isPublic}
          aria-describedby="story-public-hint"
          onChange={(e) => setDraftField('isPublic', e.target.checked)}
        />
        <label htmlFor="story-public">Public</label>
        <p className="hint" id="story-public-hint">
          Private stories are visible to you only.
        </p>
      </div>
      {state.error && (
        <div className="form-error" role="alert">
          <strong>{state.error}</strong>
          {state.detail && <span> {state.detail}</span>}
        </div>
      )}
      {state.status === 'uploading' && (
        <progress max={1} value={state.progress} aria-label="Uploading image" />
      )}
      <button type="submit" disabled={busy || state.status === 'done'}>
        {busy ? 'Sharing...' : 'Share Story'}
      </button>
    </form>
  )
}
