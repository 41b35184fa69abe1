import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'

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
}: CommentFormProps) {
  const [text, setText] = useState(initialText)
  const [busy, setBusy] = useState(false)
  const id = useId()
  const box = useRef<HTMLTextAreaElement>(null)

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
    <form className="comment-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        ref={box}
        value={text}
        placeholder={placeholder}
        rows={2}
        maxLength={4000}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
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
