import { REPORT_REASONS, REPORT_REASON_VALUES } from '@/rules/moderation'
import { formAction } from '@/views/forms'

/**
 * 'Report this message': a small form that opens in place and posts to the page (the report
 * goes to the moderators with the five messages before it), with or without JavaScript.
 */
export function ReportMessage({
  conversation,
  message,
}: {
  conversation: number
  message: number
}) {
  return (
    <details className="report-message">
      <summary>Report this message</summary>
      <form method="post" action={formAction('messageReport')}>
        <input type="hidden" name="conversation" value={conversation} />
        <input type="hidden" name="message" value={message} />
        <fieldset>
          <legend>Why?</legend>
          {REPORT_REASON_VALUES.map((reason, i) => (
            <label key={reason}>
              <input type="radio" name="reason" value={reason} required defaultChecked={i === 1} />{' '}
              {REPORT_REASONS[reason]}
            </label>
          ))}
        </fieldset>
        <label>
          Note (optional)
          <input type="text" name="note" maxLength={500} />
        </label>
        <button type="submit" className="button secondary">
          Send report
        </button>
      </form>
    </details>
  )
}
