import { useEffect, type RefObject } from 'react'

/**
 * Closes an open popover (the bell panel, the avatar menu) on Escape — handing focus back to its
 * button — on a pointer press outside it, and when keyboard focus leaves it.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return
    const inside = (target: EventTarget | null) =>
      target instanceof Node && Boolean(container.current?.contains(target))
    const onPointer = (event: PointerEvent) => {
      if (!inside(event.target)) close()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      close()
      button.current?.focus()
    }
    const onFocus = (event: FocusEvent) => {
      if (!inside(event.target)) close()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    document.addEventListener('focusin', onFocus)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('focusin', onFocus)
    }
  }, [open, close, container, button])
}
