import { useEffect, useEffectEvent, type RefObject } from 'react'

/**
 * Shows `dialog` as a modal while `open` holds and closes it when `open` turns false. As it opens,
 * `opener` keeps what had focus (for a dialog that gives focus back itself), then `onShown` runs
 * (to move focus in).
 */
export function useModalDialog(
  dialog: RefObject<HTMLDialogElement | null>,
  open: boolean,
  { opener, onShown }: { opener?: RefObject<Element | null>; onShown?: () => void } = {},
) {
  const opening = useEffectEvent((d: HTMLDialogElement) => {
    if (opener) opener.current = document.activeElement
    d.showModal()
    onShown?.()
  })
  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (open && !d.open) opening(d)
    if (!open && d.open) d.close()
  }, [dialog, open])
}
