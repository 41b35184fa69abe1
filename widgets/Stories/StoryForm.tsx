import { useStore } from '@nanostores/react'
import { useEffect, useMemo, type FormEvent } from 'react'

import { $storyDraft, $storyForm, setDraftField, startStoryDraft, submitStory } from './store'
import './Stories.css'

interface Props {
  neighbourhoods: { id: number; slug: string; name: string }[]
  /** The neighbourhood the form was opened from (preselected), if any. */
  selected?: number | null
}

/**
 * 'Share Your Story' (SPEC §2, §5): neighbourhood, title, description, comma-separated tags,
 * an optional image through the one media upload, public by default. The store checks the draft
 * with the server's schema, uploads, creates, and the form then opens the new story's page.
 */
export default function StoryForm({ neighbourhoods, selected = null }: Props) {
  const draft = useStore($storyDraft)
  const state = useStore($storyForm)
  const preview = useMemo(
    () => (draft.image ? URL.createObjectURL(draft.image) : null),
    [draft.image],
  )
  const slugs = useMemo(() => new Map(neighbourhoods.map((n) => [n.id, n.slug])), [neighbourhoods])
  const busy = state.status === 'uploading' || state.status === 'saving'
  const errors = state.fieldErrors

  useEffect(() => {
    startStoryDraft(selected === null ? '' : String(selected))
  }, [selected])

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

  return (
    <form className="story-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="field">
        <label htmlFor="story-neighbourhood">Neighbourhood</label>
        <select
          id="story-neighbourhood"
          value={draft.neighbourhood}
          aria-invalid={errors.neighbourhood ? true : undefined}
          aria-describedby={describedBy('neighbourhood')}
          onChange={(e) => setDraftField('neighbourhood', e.target.value)}
        >
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
        <input
          id="story-title"
          value={draft.title}
          maxLength={200}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('title')}
          onChange={(e) => setDraftField('title', e.target.value)}
        />
        {fieldError('title')}
      </div>
      <div className="field">
        <label htmlFor="story-description">Your story</label>
        <textarea
          id="story-description"
          rows={7}
          value={draft.description}
          maxLength={10_000}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy('description')}
          onChange={(e) => setDraftField('description', e.target.value)}
        />
        {fieldError('description')}
      </div>
      <div className="field">
        <label htmlFor="story-tags">Tags</label>
        <input
          id="story-tags"
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
