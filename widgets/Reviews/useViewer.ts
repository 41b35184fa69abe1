import { useEffect } from 'react'

import { loadSession, type Session } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'

/** The session as this island may show it (see useSession), read once the island is on screen. */
export function useViewer(): Session {
  useEffect(() => {
    void loadSession()
  }, [])
  return useSession()
}
