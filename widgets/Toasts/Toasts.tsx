import { useStore } from '@nanostores/react'
import { lazy, Suspense } from 'react'
import { createPortal } from 'react-dom'

import { $toastsWanted } from '@widgets/lib/toast'

// react-hot-toast loads with the page's first toast (widgets/lib/toast.ts), not before.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })))

/**
 * The one toast outlet of the page (SPEC §9: at most 20 at once, 4 s by default, 2 s for
 * success, loading toasts stay). Islands call `toast` from widgets/lib/toast. Rendered by the
 * header's SessionMenu island, into <body> (the header's backdrop filter would otherwise hold
 * the fixed toasts inside it).
 */
export default function Toasts() {
  const wanted = useStore($toastsWanted)
  if (!wanted) return null
  return createPortal(
    <Suspense fallback={null}>
      <Toaster
        containerClassName="toasts"
        position="top-center"
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          loading: { duration: Infinity },
        }}
      />
    </Suspense>,
    document.body,
  )
}
