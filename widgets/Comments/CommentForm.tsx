import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'

import { formAction, keptValue, type FormState } from '@/views/forms'
import { useMentionPicker } from '@widgets/lib/mentions/useMentionPicker'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'

/** What a new comment or reply is about: sent as hidden fields when posted without JavaScript. */
export interface CommentPost {
  targetKind: string
  targetId: number
  parent: number | null
}

export interface CommentFormProps {
  /** Screen-reader label of the text box, e.g. 'Add a comment' or 'Reply to Priya'. */
  label: string
  placeholder?: string
  submitLabel: string
  initialText?: string
  autoFocus?: boolean
  /** Resolves true when saved (the box then empties); blank text never gets here (SPEC §5). */
  onSubmit: (text: string) => Promise<boolean>
  onCancel?: () => void
  cancelLabel?: string
  /** A new comment or reply: the form then also posts to the server before hydration. */
  post?: CommentPost
  /** This form as it came back refused (posted before or without JavaScript). */
  form?: FormState
}

/** The comment, reply and edit box: one textarea, Enter-free, Escape cancels where it can. */
export default function CommentForm({
  label,
  placeholder,
  submitLabel,
  initialText = '',
  autoFocus = false,
  onSubmit,
  onCancel,
  cancelLabel = 'Cancel',
  post,
  form,
}: CommentFormProps) {
  const [text, setText] = useState(keptValue(form, 'content') || initialText)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const box = useRef<HTMLTextAreaElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, { content: setText })
  const picker = useMentionPicker(box, text, setText)

  useEffect(() => {
    if (autoFocus) box.current?.focus()
  }, [autoFocus])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const content = text.trim()
    if (!content || busy) return
    setBusy(true)
    const saved = await onSubmit(content).catch(() => false)
    setBusy(false)
    if (saved) setText('')
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && onCancel) {
      e.preventDefault()
      onCancel()
    }
  }

  return (
    <form
      ref={formRef}
      className="comment-form"
      method="post"
      action={post ? formAction('comment') : undefined}
      onSubmit={(e) => void submit(e)}
    >
      {post && (
        <>
          <input type="hidden" name="targetKind" value={post.targetKind} />
          <input type="hidden" name="targetId" value={post.targetId} />
          {post.parent !== null && <input type="hidden" name="parent" value={post.parent} />}
        </>
      )}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        ref={box}
        name="content"
        value={text}
        aria-describedby={form ? `${id}-error` : undefined}
        placeholder={placeholder}
        rows={2}
        maxLength={4000}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {picker}
      {form && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {form.error}
        </p>
      )}
      <div className="comment-form-actions">
        {onCancel && (
          <button type="button" className="btn-quiet" onClick={onCancel}>
            {cancelLabel}
          </button>
        )}
        <button type="submit" className="btn-small" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
