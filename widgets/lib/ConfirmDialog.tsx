import { useId, useRef, useState } from 'react'

import { useModalDialog } from '@widgets/lib/useModalDialog'

export interface ConfirmDialogProps {
  open: boolean
  message: string
  confirmLabel: string
  onConfirm: () => void
  onClose: () => void
}

/**
 * A modal question with Cancel (focused first) and a confirming button. The native <dialog>
 * keeps focus inside, closes on Escape and gives focus back to the button that opened it.
 */
export default function ConfirmDialog({
  open,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const id = useId()

  useModalDialog(ref, open, { onShown: () => cancel.current?.focus() })
  // Made at the first opening and kept (focus goes back to the opener when it closes): a list
  // with a Delete on every item would otherwise carry a hidden dialog per item.
  const [made, setMade] = useState(open)
  if (open && !made) setMade(true)
  if (!made) return null

  return (
    <dialog
      ref={ref}
      className="modal-dialog confirm-dialog"
      aria-labelledby={id}
      onClose={onClose}
      onCancel={onClose}
    >
      <p id={id}>{message}</p>
      <div className="confirm-actions">
        <button ref={cancel} type="button" className="btn-quiet" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-danger"
          onClick={() => {
            onConfirm()
            onClose()
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
