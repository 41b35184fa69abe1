import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'

import { $session, loadSession, type Session } from '@widgets/lib/session'

/**
 * The session as this island may show it: 'loading' until the island has hydrated (the
 * prerendered HTML knows no viewer, and another island may already have read the session), then
 * the shared $session. Avoids hydration mismatches in viewer-dependent markup.
 */
export function useViewer(): Session {
  const session = useStore($session)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => {
    setHydrated(true)
    void loadSession()
  }, [])
  return hydrated ? session : { status: 'loading' }
}
