import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import { DISCUSSION_TEXT } from '@/views/discussion'
import { formAction, keptValue, type FormState } from '@/views/forms'
import { useMentionPicker } from '@widgets/lib/mentions/useMentionPicker'
import { loadSession } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import './Discussions.css'
import {
  $draft,
  emptyDraft,
  setDraftField,
  setDraftOpen,
  submitDraft,
  type DraftState,
} from './store'

interface Props {
  /** The neighbourhood of /neighbourhood/{slug}/discussions; null on /discussions. */
  neighbourhoodId: number | null
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
}

const FIELDS = ['title', 'content', 'tags'] as const

/** The draft a refused form comes back with: what was typed, the message beside its field. */
function draftOf(form: FormState): DraftState {
  const field = FIELDS.find((name) => name === form.field) ?? 'title'
  return {
    ...emptyDraft(),
    open: true,
    title: keptValue(form, 'title'),
    content: keptValue(form, 'content'),
    tags: keptValue(form, 'tags'),
    errors: { [field]: form.error },
  }
}

/** 'New Discussion' and its form (SPEC §2 Discussions; §5 title and content required, tags). */
export default function NewDiscussion({ neighbourhoodId, form }: Props) {
  const stored = useStore($draft)
  // The shared store is set in the browser only (the server renders many visitors' pages).
  const [refused] = useState(() => (form ? draftOf(form) : null))
  useEffect(() => {
    if (refused) $draft.set(refused)
  }, [refused])
  const draft = refused && !stored.open ? refused : stored
  const session = useSession()
  const id = useId()
  const formId = 'new-discussion'
  const box = useRef<HTMLTextAreaElement>(null)
  const picker = useMentionPicker(box, draft.content, (text) => setDraftField('content', text))

  useEffect(() => {
    void loadSession()
  }, [])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    void submitDraft(neighbourhoodId)
  }

  if (session.status === 'signed-out') {
    return (
      <p className="discussion-login">
        <a className="button" href="/login">
          {DISCUSSION_TEXT.loginToPost}
        </a>
      </p>
    )
  }

  const field = (name: 'title' | 'content' | 'tags') => ({
    id: `${id}-${name}`,
    name,
    value: draft[name],
    'aria-invalid': draft.errors[name] ? true : undefined,
    'aria-describedby': draft.errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setDraftField(name, e.target.value),
  })
  const error = (name: 'title' | 'content' | 'tags') =>
    draft.errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error" role="alert">
        {draft.errors[name]}
      </p>
    ) : null

  return (
    <div className="new-discussion">
      {/* A link to the form (shown by :target) until the island opens it in place. */}
      <a
        href={`#${formId}`}
        role="button"
        className="button"
        aria-expanded={draft.open}
        aria-controls={formId}
        onClick={(e) => {
          e.preventDefault()
          setDraftOpen(!draft.open)
        }}
      >
        {draft.open ? 'Close' : 'New Discussion'}
      </a>
      <form
        id={formId}
        className="boxed-form discussion-form"
        hidden={!draft.open}
        noValidate
        method="post"
        action={formAction('discussion')}
        onSubmit={submit}
        aria-label="Start a discussion"
      >
        {neighbourhoodId !== null && (
          <input type="hidden" name="neighbourhood" value={neighbourhoodId} />
        )}
        <label htmlFor={`${id}-title`}>Title</label>
        <input {...field('title')} type="text" maxLength={200} required autoComplete="off" />
        {error('title')}
        <label htmlFor={`${id}-content`}>What would you like to discuss?</label>
        <textarea {...field('content')} ref={box} rows={5} maxLength={10_000} required />
        {picker}
        {error('content')}
        <label htmlFor={`${id}-tags`}>
          Tags <span className="muted">(comma-separated, optional)</span>
        </label>
        <input {...field('tags')} type="text" placeholder="e.g. parks, schools" />
        {error('tags')}
        <div className="form-actions">
          <button type="submit" disabled={draft.busy}>
            {draft.busy ? 'Posting...' : 'Post Discussion'}
          </button>
        </div>
      </form>
    </div>
  )
}
