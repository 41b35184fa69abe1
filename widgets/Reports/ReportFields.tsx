import { useId, useState } from 'react'

import {
  MODERATION_TEXT,
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  type ReportReason,
} from '@/rules/moderation'

/**
 * The reasons as radio buttons and the note ('Something else' asks for one): the fields of the
 * report dialog and of the /report page, one markup for both.
 */
export default function ReportFields({
  reason: initialReason = '',
  note: initialNote = '',
  error,
}: {
  reason?: string
  note?: string
  error?: string
}) {
  const id = useId()
  const [reason, setReason] = useState(initialReason)
  const [note, setNote] = useState(initialNote)
  return (
    <>
      <fieldset className="report-reasons">
        <legend>What is wrong with it?</legend>
        {(Object.entries(REPORT_REASONS) as [ReportReason, string][]).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="reason"
              value={value}
              required
              checked={reason === value}
              onChange={() => setReason(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-note`}>Note{reason === 'other' ? '' : ' (optional)'}</label>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={3}
        maxLength={REPORT_NOTE_MAX}
        value={note}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <p id={`${id}-hint`} className="report-hint">
        {MODERATION_TEXT.noteTooLong}
      </p>
      <p className="report-error" role="alert">
        {error}
      </p>
    </>
  )
}
