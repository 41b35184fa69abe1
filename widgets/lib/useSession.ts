import { useSyncExternalStore } from 'react'

import { $session, SESSION_LOADING, type Session } from './session'

const follow = (changed: () => void) => $session.listen(changed)
const current = () => $session.get()
const asServerRendered = () => SESSION_LOADING

/**
 * The session as an island may render it: 'loading' while the island hydrates (its server HTML
 * knew no reader, and another island may already have read the session, which would make the
 * first render differ and React throw the server's markup away), then the shared $session.
 * While the session is still loading when an island hydrates (the usual case) the two are the
 * same object, so React has no reason to draw the island again, at once and in one piece, right
 * after hydrating it.
 */
export function useSession(): Session {
  return useSyncExternalStore(follow, current, asServerRendered)
}
