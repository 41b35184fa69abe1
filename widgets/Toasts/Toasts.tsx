import { Toaster } from 'react-hot-toast'

/**
 * The one toast outlet of the page (SPEC §9: at most 20 at once, 4 s by default, 2 s for
 * success, loading toasts stay). Islands call `toast` from widgets/lib/toast.
 */
export default function Toasts() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        loading: { duration: Infinity },
      }}
    />
  )
}
