import { ApiError } from './api'
import { sendWith } from './client'

/**
 * Sessions refresh by themselves while a tab is open (SPEC §1, §9: a check every 30 s). When
 * the token has less than a day left, POST /api/users/refresh-token renews it (keeping the
 * "Remember me" choice, see collections/Users/accounts/endpoints.ts); a refusal means the
 * session is over. Started and stopped by ./session.ts.
 */
export const REFRESH_CHECK_MS = 30_000
export const REFRESH_WHEN_LEFT_MS = 24 * 60 * 60 * 1000

let expiresAt: number | null = null
let timer: ReturnType<typeof setInterval> | undefined
let refreshing = false

async function check(onEnded: () => void) {
  if (expiresAt === null || refreshing) return
  if (expiresAt - Date.now() > REFRESH_WHEN_LEFT_MS) return
  refreshing = true
  try {
    const { exp } = await sendWith({ background: true }, 'users.refreshToken', {})
    expiresAt = typeof exp === 'number' ? exp * 1000 : null
  } catch (error) {
    // A refusal ends the session; offline, or any other failure, tries again at the next check.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      stopSessionRefresh()
      onEnded()
    }
  } finally {
    refreshing = false
  }
}

/** Starts (or re-arms) the check for a session whose token expires at `exp` (seconds). */
export function keepSessionFresh(exp: number | undefined, onEnded: () => void) {
  if (typeof window === 'undefined' || typeof exp !== 'number') return
  expiresAt = exp * 1000
  if (timer) return
  const tick = () => void check(onEnded)
  timer = setInterval(tick, REFRESH_CHECK_MS)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') tick()
  })
  tick()
}

export function stopSessionRefresh() {
  if (timer) clearInterval(timer)
  timer = undefined
  expiresAt = null
}
