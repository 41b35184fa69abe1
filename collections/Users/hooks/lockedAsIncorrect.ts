import { AuthenticationError, LockedAuth, type CollectionAfterErrorHook } from 'payload'

/**
 * Payload answers a locked account 'This user is locked…' but an unknown e-mail 'The email or
 * password provided is incorrect.': anyone could learn which e-mails have accounts by failing
 * ten times. A locked account answers like a wrong password (same status, same words). The lock
 * itself stays (10 failures, 10 minutes); a password reset lifts it.
 */
export function isLocked(error: unknown): boolean {
  return error instanceof LockedAuth || (error as Error | null)?.name === 'LockedAuth'
}

export const lockedAsIncorrect: CollectionAfterErrorHook = ({ error, req }) => {
  if (!isLocked(error)) return
  const incorrect = new AuthenticationError(req.t)
  return { response: { errors: [{ message: incorrect.message }] }, status: incorrect.status }
}
