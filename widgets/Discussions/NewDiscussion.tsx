import { useStore } from '@nanostores/react'
import { useEffect, useId, type FormEvent } from 'react'

import { DISCUSSION_TEXT } from '@/views/discussion'
import { $session, loadSession } from '@widgets/lib/session'
import './Discussions.css'
import { $draft, setDraftField, setDraftOpen, submitDraft } from './store'

interface Props {
  /** The neighbourhood of /neighbourhood/{slug}/discussions; null on /discussions. */
  neighbourhoodId: number | null
}

/** 'New Discussion' and its form (SPEC §2 Discussions; §5 title and content required, tags). */
export default function NewDiscussion({ neighbourhoodId }: Props) {
  const draft = useStore($draft)
  const session = useStore($session)
  const id = useId()
  const formId = `${id}-form`

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
      <button
        type="button"
        className="button"
        aria-expanded={draft.open}
        aria-controls={formId}
        onClick={() => setDraftOpen(!draft.open)}
      >
        {draft.open ? 'Close' : 'New Discussion'}
      </button>
      <form
        id={formId}
        className="discussion-form"
        hidden={!draft.open}
        noValidate
        onSubmit={submit}
        aria-label="Start a discussion"
      >
        <label htmlFor={`${id}-title`}>Title</label>
        <input {...field('title')} type="text" maxLength={200} required autoComplete="off" />
        {error('title')}
        <label htmlFor={`${id}-content`}>What would you like to discuss?</label>
        <textarea {...field('content')} rows={5} maxLength={10_000} required />
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
