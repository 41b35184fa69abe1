import { useStore } from '@nanostores/react'

import { $session, type Session } from './session'
import { useHydrated } from './useHydrated'

const LOADING: Session = { status: 'loading' }

/**
 * The session as an island may render it: 'loading' while the island hydrates (its server HTML
 * knew no reader, and another island may already have read the session, which would make the
 * first render differ and React throw the server's markup away), then the shared $session.
 */
export function useSession(): Session {
  const session = useStore($session)
  return useHydrated() ? session : LOADING
}
