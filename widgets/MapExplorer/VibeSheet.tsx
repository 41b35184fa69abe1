import { useId, useRef, type ReactNode } from 'react'

import { useModalDialog } from '@widgets/lib/useModalDialog'

/**
 * The phone filter: a modal bottom sheet 'Select Vibe' (a native <dialog>: focus stays inside,
 * Escape closes). The caller returns focus to the button that opened it.
 */
export function VibeSheet({
  open,
  onClose,
  children,
}: {
  open: boolean
  onClose: () => void
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useModalDialog(ref, open)

  return (
    <dialog
      ref={ref}
      className="map-sheet"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        // A tap on the backdrop (the dialog itself, outside its content) closes the sheet.
        if (e.target === e.currentTarget) onClose()
      }}
    >
      <div className="map-sheet-body">
        <h2 id={titleId}>Select Vibe</h2>
        {children}
      </div>
    </dialog>
  )
}
