import { useId, useRef, type FormEvent } from 'react'

import { discussionHref } from '@/views/discussion'
import { formAction } from '@/views/forms'
import { useMentionPicker } from '@widgets/lib/mentions/useMentionPicker'
import { cancelEditPost, savePost, setEditField } from './postStore'

/** The author's inline edit of the post (SPEC §4): title and content, Cancel and Save. */
export default function EditForm({
  id: discussionId,
  edit,
  busy,
  errors,
}: {
  id: number
  edit: { title: string; content: string }
  busy: boolean
  errors: Partial<Record<string, string>>
}) {
  const id = useId()
  const box = useRef<HTMLTextAreaElement>(null)
  const picker = useMentionPicker(box, edit.content, (text) => setEditField('content', text))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void savePost()
  }
  return (
    <form
      className="boxed-form discussion-form"
      method="post"
      action={formAction('editDiscussion', { edit: '1' })}
      noValidate
      onSubmit={submit}
      aria-label="Edit discussion"
    >
      <input type="hidden" name="id" value={discussionId} />
      <label htmlFor={`${id}-title`}>Title</label>
      <input
        id={`${id}-title`}
        name="title"
        type="text"
        value={edit.title}
        maxLength={200}
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={errors.title ? `${id}-title-error` : undefined}
        onChange={(e) => setEditField('title', e.target.value)}
        autoFocus
      />
      {errors.title && (
        <p id={`${id}-title-error`} className="field-error" role="alert">
          {errors.title}
        </p>
      )}
      <label htmlFor={`${id}-content`}>Content</label>
      <textarea
        id={`${id}-content`}
        ref={box}
        name="content"
        rows={6}
        value={edit.content}
        maxLength={10_000}
        aria-invalid={errors.content ? true : undefined}
        aria-describedby={errors.content ? `${id}-content-error` : undefined}
        onChange={(e) => setEditField('content', e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') cancelEditPost()
        }}
      />
      {picker}
      {errors.content && (
        <p id={`${id}-content-error`} className="field-error" role="alert">
          {errors.content}
        </p>
      )}
      <div className="form-actions">
        <a
          role="button"
          className="btn-quiet"
          href={discussionHref(discussionId)}
          onClick={(e) => {
            e.preventDefault()
            cancelEditPost()
          }}
        >
          Cancel
        </a>
        <button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  )
}
