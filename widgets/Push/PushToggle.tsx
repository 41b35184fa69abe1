import { useStore } from '@nanostores/react'
import { useEffect, useId, useRef, useState } from 'react'

import { KIND_LABELS, type NotificationKind } from '@/rules/notificationPrefs'
import { PUSH_TEXT } from '@/rules/push'
import { ApiError } from '@widgets/lib/api'
import { toast } from '@widgets/lib/toast'
import { useHydrated } from '@widgets/lib/useHydrated'
import { useModalDialog } from '@widgets/lib/useModalDialog'
import { $push, setPushKind, startPush } from './store'
import './Push.css'

interface Props {
  kind: NotificationKind
  /** The site's VAPID public key, which the browser's subscription is made for. */
  vapidKey: string
}

/**
 * 'Push to this device' beside a kind's bell and e-mail choices in Profile → Settings. It takes
 * effect at once (it is not part of the settings form, and has no name to be posted with it).
 * Turning it on says first what will arrive, then the browser asks; off is one click.
 */
export default function PushToggle({ kind, vapidKey }: Props) {
  const state = useStore($push)
  const [asking, setAsking] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  const confirm = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  useModalDialog(dialog, asking, { onShown: () => confirm.current?.focus() })
  useEffect(() => void startPush(), [])

  async function change(on: boolean) {
    try {
      await setPushKind(kind, on, vapidKey)
      toast.success(on ? PUSH_TEXT.turnedOn(kind) : PUSH_TEXT.turnedOff(kind), {
        id: 'push-toggle',
      })
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : PUSH_TEXT.failed, {
        id: 'push-toggle',
      })
    }
  }

  // Drawn as the server drew it until hydrated: when another island read this device's state
  // first, React would keep the server's `disabled` (it does not mend attributes on hydration).
  const hydrated = useHydrated()
  const on = hydrated && state.kinds.includes(kind)
  return (
    <span className="push-toggle">
      <label>
        <input
          type="checkbox"
          checked={on}
          disabled={!hydrated || state.support !== 'ready' || state.busy}
          aria-label={`${PUSH_TEXT.toggle}: ${KIND_LABELS[kind]}`}
          onChange={(e) => (e.target.checked ? setAsking(true) : void change(false))}
        />
        {PUSH_TEXT.toggle}
      </label>
      <dialog
        ref={dialog}
        className="modal-dialog push-dialog"
        aria-labelledby={titleId}
        onClose={() => setAsking(false)}
      >
        <h3 id={titleId}>{PUSH_TEXT.explainTitle}</h3>
        <p>{PUSH_TEXT.explain(kind)}</p>
        <div className="confirm-actions">
          <button type="button" className="btn-quiet" onClick={() => setAsking(false)}>
            {PUSH_TEXT.cancel}
          </button>
          <button
            ref={confirm}
            type="button"
            className="btn-small"
            onClick={() => {
              setAsking(false)
              void change(true)
            }}
          >
            {PUSH_TEXT.turnOn}
          </button>
        </div>
      </dialog>
    </span>
  )
}
