import { atom } from 'nanostores'

import { keepSessionFresh, stopSessionRefresh } from './sessionRefresh'
import { askPageState, type AccountAnswer } from './pageState'
import { send } from './client'

/** The signed-in person as every island sees it (one /api/users/me read per page). */
export interface SessionUser {
  id: number
  email?: string
  userName?: string | null
  name?: string | null
  role: 'member' | 'editor' | 'admin'
  avatarUrl?: string | null
}

export type Session =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: SessionUser }

/** Until the page's /api/users/me answers; also what an island hydrates with (useSession). */
export const SESSION_LOADING: Session = { status: 'loading' }

export const $session = atom<Session>(SESSION_LOADING)

/**
 * Who is viewing, by id: what the server rendered with until the session has loaded (so the
 * hydrated markup matches the static one), then the session's own answer.
 */
export function viewerIdOf(session: Session, serverViewerId: number | null): number | null {
  if (session.status === 'loading') return serverViewerId
  return session.status === 'signed-in' ? session.user.id : null
}

interface MeAnswer {
  /** When the session's token expires (seconds since the epoch). */
  exp?: number
  user: null | AccountAnswer
}

let loading: Promise<Session> | undefined

export function toSessionUser(user: NonNullable<MeAnswer['user']>): SessionUser {
  const avatar = typeof user.avatar === 'object' && user.avatar ? user.avatar.url : null
  return {
    id: user.id,
    email: user.email,
    userName: user.userName,
    name: user.name,
    role: user.role,
    avatarUrl: avatar ?? null,
  }
}

/**
 * Reads the session once per page load, with the page's own state (widgets/lib/pageState.ts);
 * later callers share the answer. `force` reads it again on its own (a renewed token).
 */
export function loadSession(force = false): Promise<Session> {
  if (!loading || force) {
    // The contract describes the account loosely; with depth 1 it is the page state's account.
    const read = force ? (send('users.me', { depth: 1 }) as Promise<MeAnswer>) : askPageState()
    loading = read
      .then((me) => {
        if (!me.user) return { status: 'signed-out' as const }
        // Renews the token before it runs out while the tab stays open (widgets/Accounts).
        keepSessionFresh(me.exp, () => void loadSession(true))
        return { status: 'signed-in' as const, user: toSessionUser(me.user) }
      })
      .catch(() => ({ status: 'signed-out' as const }))
      .then((session) => {
        $session.set(session)
        return session
      })
  }
  return loading
}

export async function signOut(): Promise<void> {
  await send('users.logout', {}).catch(() => undefined)
  stopSessionRefresh()
  $session.set({ status: 'signed-out' })
  loading = undefined
}
