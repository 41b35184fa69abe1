import type { KeyboardEvent } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])'

/**
 * A modal dialog's onKeyDown: keeps Tab and Shift+Tab inside it (the browser alone would let focus
 * reach its UI). With `skipHidden`, controls that are not displayed are passed over, except the one
 * that has focus.
 */
export function trapTab(e: KeyboardEvent<HTMLElement>, { skipHidden = false } = {}) {
  if (e.key !== 'Tab') return
  let items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)]
  if (skipHidden)
    items = items.filter((el) => el.offsetParent !== null || el === document.activeElement)
  if (!items.length) return
  const firstItem = items[0]!
  const lastItem = items[items.length - 1]!
  if (e.shiftKey && document.activeElement === firstItem) {
    e.preventDefault()
    lastItem.focus()
  } else if (!e.shiftKey && document.activeElement === lastItem) {
    e.preventDefault()
    firstItem.focus()
  }
}
