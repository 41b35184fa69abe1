import { useEffect, useId, useRef } from 'react'

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

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      cancel.current?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
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
