import { atom } from 'nanostores'

/**
 * Toasts shown by the page's one <Toasts> island. react-hot-toast (its store and the Toaster)
 * loads with the first toast, not with the page: `toast` queues the call until it has loaded.
 */
export interface ToastOptions {
  /** A toast with the same id replaces the shown one instead of stacking. */
  id?: string
  duration?: number
}

/** Set by the first toast: the <Toasts> island then loads and mounts react-hot-toast's Toaster. */
export const $toastsWanted = atom(false)

const library = () => import('react-hot-toast')

function show(kind: 'success' | 'error', message: string, options?: ToastOptions) {
  $toastsWanted.set(true)
  void library().then(({ toast: hot }) => hot[kind](message, options))
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
}
