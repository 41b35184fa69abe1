import crypto from 'node:crypto'

import type { CollectionBeforeOperationHook } from 'payload'

/**
 * Payload's password hash (pbkdf2-sha256-v1: 600 000 iterations, 32 bytes); its login checks a
 * password only for an existing, unlocked account. tests/int/mail-and-login-limits.test.ts checks that
 * these stay the parameters Payload uses.
 */
export const PASSWORD_HASH = { iterations: 600_000, keyLength: 32, digest: 'sha256' } as const
const DUMMY_SALT = crypto.randomBytes(32).toString('hex')

/** As long as a real password check, for nothing. */
export function verifyDummyPassword(password: string): Promise<void> {
  const { iterations, keyLength, digest } = PASSWORD_HASH
  return new Promise((resolve) => {
    crypto.pbkdf2(password, DUMMY_SALT, iterations, keyLength, digest, () => resolve())
  })
}

/**
 * A sign-in for an unknown e-mail (or a locked account) answers at once in Payload, a wrong
 * password only after hashing it: the time would tell which e-mails have accounts. Such a
 * sign-in hashes the password against a dummy salt first, so both cost the same.
 */
export const loginTiming: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
  const data = (args as { data?: { email?: unknown; password?: unknown } }).data
  if (typeof data?.email !== 'string' || typeof data.password !== 'string' || !data.password)
    return args
  const user = await req.payload.db.findOne<{ id: number; lockUntil?: string | null }>({
    collection: 'users',
    where: { email: { equals: data.email.toLowerCase().trim() } },
    req,
  })
  const locked = user?.lockUntil ? new Date(user.lockUntil).getTime() > Date.now() : false
  if (!user || locked) await verifyDummyPassword(data.password)
  return args
}
