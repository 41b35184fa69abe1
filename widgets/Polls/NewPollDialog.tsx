import { useStore } from '@nanostores/react'
import { useId, useRef, useState } from 'react'

import { MIN_POLL_OPTIONS } from '@/rules/polls'
import { formAction, keptValue, keptValues, type FormState } from '@/views/forms'
import { trapTab } from '@widgets/lib/trapTab'
import { useModalDialog } from '@widgets/lib/useModalDialog'
import { $neighbourhoodChoices, createPoll, loadNeighbourhoodChoices } from './store'

/**
 * 'New Poll' (SPEC §2, §4, §5): a modal <dialog> (the page behind is inert, Tab cycles inside,
 * Escape closes, focus returns to the opener) with the question, two options to start with and
 * 'Add option' for more, an optional close date and the neighbourhood.
 */
export default function NewPollDialog({
  open,
  onClose,
  neighbourhoodSlug,
  form,
}: {
  open: boolean
  onClose: () => void
  neighbourhoodSlug: string
  /** The form as it came back (refused, or '+ Add option' pressed without JavaScript). */
  form?: FormState
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const first = useRef<HTMLInputElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()
  const listId = useId()
  const choices = useStore($neighbourhoodChoices)
  const [question, setQuestion] = useState(keptValue(form, 'question'))
  const [options, setOptions] = useState<string[]>(() => {
    const kept = keptValues(form, 'options')
    const boxes = [...kept, ...Array<string>(Math.max(0, MIN_POLL_OPTIONS - kept.length)).fill('')]
    return keptValue(form, 'addOption') ? [...boxes, ''] : boxes
  })
  const [closeDate, setCloseDate] = useState(keptValue(form, 'closeDate'))
  const [neighbourhood, setNeighbourhood] = useState(
    form ? keptValue(form, 'neighbourhood') : neighbourhoodSlug,
  )
  const [error, setError] = useState(form?.error ?? '')
  const [busy, setBusy] = useState(false)

  useModalDialog(ref, open, {
    opener,
    onShown: () => {
      first.current?.focus()
      void loadNeighbourhoodChoices()
    },
  })

  const reset = () => {
    setQuestion('')
    setOptions(Array(MIN_POLL_OPTIONS).fill(''))
    setCloseDate('')
    setNeighbourhood(neighbourhoodSlug)
    setError('')
  }

  const close = () => {
    onClose()
    ;(opener.current as HTMLElement | null)?.focus?.()
  }

  return (
    <dialog
      ref={ref}
      id="new-poll"
      className={form ? 'poll-dialog is-inline' : 'poll-dialog'}
      aria-labelledby={titleId}
      onKeyDown={trapTab}
      onCancel={(e) => {
        e.preventDefault()
        close()
      }}
      onClose={() => {
        if (open) close()
      }}
    >
      <form
        noValidate
        method="post"
        action={formAction('poll')}
        onSubmit={async (e) => {
          e.preventDefault()
          setBusy(true)
          const problem = await createPoll({ question, options, closeDate, neighbourhood })
          setBusy(false)
          if (problem) setError(problem)
          else {
            reset()
            close()
          }
        }}
      >
        <h2 id={titleId}>New Poll</h2>
        <label htmlFor={`${titleId}-q`}>Question</label>
        <input
          ref={first}
          id={`${titleId}-q`}
          name="question"
          value={question}
          maxLength={300}
          required
          onChange={(e) => setQuestion(e.currentTarget.value)}
        />
        <fieldset>
          <legend>Options</legend>
          {options.map((text, i) => (
            <div className="poll-option-field" key={i}>
              <label htmlFor={`${titleId}-o${i}`} className="sr-only">
                Option {i + 1}
              </label>
              <input
                id={`${titleId}-o${i}`}
                name="options"
                value={text}
                placeholder={`Option ${i + 1}`}
                maxLength={200}
                required
                onChange={(e) => {
                  const value = e.currentTarget.value
                  setOptions((all) => all.map((o, j) => (j === i ? value : o)))
                }}
              />
              {options.length > MIN_POLL_OPTIONS && (
                <button
                  type="button"
                  className="btn-quiet"
                  onClick={() => setOptions((all) => all.filter((_, j) => j !== i))}
                >
                  Remove<span className="sr-only"> option {i + 1}</span>
                </button>
              )}
            </div>
          ))}
          <button
            type="submit"
            name="addOption"
            value="1"
            formNoValidate
            className="btn-quiet"
            onClick={(e) => {
              e.preventDefault()
              setOptions((all) => [...all, ''])
            }}
          >
            + Add option
          </button>
        </fieldset>
        <label htmlFor={`${titleId}-close`}>Close date (optional)</label>
        <input
          id={`${titleId}-close`}
          type="datetime-local"
          name="closeDate"
          value={closeDate}
          onChange={(e) => setCloseDate(e.currentTarget.value)}
        />
        <label htmlFor={`${titleId}-n`}>Neighbourhood (optional)</label>
        <input
          id={`${titleId}-n`}
          list={listId}
          name="neighbourhood"
          value={neighbourhood}
          placeholder="e.g. hackney-central"
          onChange={(e) => setNeighbourhood(e.currentTarget.value)}
        />
        <datalist id={listId}>
          {(choices ?? []).map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </datalist>
        <p className="poll-form-error" role="alert">
          {error}
        </p>
        <div className="poll-dialog-actions">
          <button type="button" className="btn-quiet" onClick={close}>
            Cancel
          </button>
          <button type="submit" disabled={busy}>
            {busy ? 'Creating...' : 'Create Poll'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
