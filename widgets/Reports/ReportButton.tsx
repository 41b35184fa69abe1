import { useEffect, useRef, useState, type FormEvent } from 'react'

import { MODERATION_TEXT } from '@/rules/moderation'
import type { ReportTargetKind } from '@/rules/targets'
import { formAction } from '@/views/forms'
import { reportHref } from '@/views/report'
import type { ReportInput } from '@/schemas/report'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { loadSession } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import { toast } from '@widgets/lib/toast'
import ReportFields from './ReportFields'
import './Reports.css'

interface Props {
  kind: ReportTargetKind
  id: number
  /** Whose it is: its author sees no Report button. */
  ownerId?: number | null
  /** Names the item for screen readers ('Report Priya's review'). */
  label?: string
}

/**
 * 'Report' on any member content or profile: a link to the item's report page until the island
 * runs, then a dialog 'Report this' with the reasons and 'Send report'. One per member per item;
 * the server decides everything (reports.send).
 */
export default function ReportButton({ kind, id, ownerId = null, label }: Props) {
  const session = useSession()
  const dialog = useRef<HTMLDialogElement>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  // Each opening is a round (fresh fields). The dialog is made at the first: a list of twenty
  // items would otherwise carry twenty hidden forms in its HTML and hydrate them all.
  const [round, setRound] = useState(0)
  useEffect(() => {
    if (round > 0 && !dialog.current?.open) dialog.current?.showModal()
  }, [round])
  if (session.status === 'signed-in' && ownerId !== null && session.user.id === ownerId) return null

  async function open(e: React.MouseEvent) {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
    e.preventDefault()
    const now = session.status === 'loading' ? await loadSession() : session
    if (now.status !== 'signed-in') {
      toast.error(MODERATION_TEXT.loginToReport, { id: 'login-to-report' })
      return
    }
    setError('')
    setRound((r) => r + 1)
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const fields = new FormData(e.currentTarget)
    setBusy(true)
    setError('')
    try {
      const answer = await send('reports.send', {
        targetKind: kind,
        targetId: id,
        reason: String(fields.get('reason') ?? '') as ReportInput['reason'],
        note: String(fields.get('note') ?? ''),
      })
      dialog.current?.close()
      toast.success(answer.message)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : MODERATION_TEXT.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <a
        className="report-button"
        href={reportHref(kind, id)}
        role="button"
        aria-haspopup="dialog"
        onClick={(e) => void open(e)}
      >
        {MODERATION_TEXT.report}
        {label && <span className="sr-only"> {label}</span>}
      </a>
      {round > 0 && (
        <dialog
          ref={dialog}
          className="modal-dialog report-dialog"
          aria-labelledby={`report-${kind}-${id}`}
        >
          <form
            method="post"
            noValidate
            action={`${reportHref(kind, id)}&${formAction('report').slice(1)}`}
            onSubmit={(e) => void submit(e)}
          >
            <h2 id={`report-${kind}-${id}`}>{MODERATION_TEXT.title}</h2>
            <ReportFields key={round} error={error} />
            <input type="hidden" name="kind" value={kind} />
            <input type="hidden" name="id" value={id} />
            <div className="report-actions">
              <button type="button" className="btn-quiet" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <button type="submit" disabled={busy}>
                {busy ? 'Sending...' : MODERATION_TEXT.send}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  )
}
