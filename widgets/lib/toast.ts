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
  void library().then(
    ({ toast: hot }) => hot[kind](message, options),
    () => plainToast(message, options),
  )
}

/**
 * When the library cannot load (offline, its chunk never fetched): the message still shows, in
 * a plain live region of its own, one line a message, each gone after its time.
 */
function plainToast(message: string, options: ToastOptions = {}) {
  let region = document.querySelector<HTMLElement>('.toast-fallback')
  if (!region) {
    region = document.createElement('div')
    region.className = 'toast-fallback'
    region.setAttribute('role', 'status')
    document.body.append(region)
  }
  const id = options.id ?? message
  const line = [...region.children].find((c) => c.getAttribute('data-id') === id)
  const shown = line ?? region.appendChild(document.createElement('p'))
  shown.setAttribute('data-id', id)
  shown.textContent = message
  setTimeout(() => shown.remove(), options.duration ?? 6000)
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
}
