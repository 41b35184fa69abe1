import crypto from 'node:crypto'

import type { PayloadRequest } from 'payload'

import { PASSWORD_HASH } from '@collections/Users/hooks/loginTiming'

/** Payload's hashes: 'pbkdf2-sha256-v1:' + the current parameters, or the legacy ones bare. */
const CURRENT_PREFIX = 'pbkdf2-sha256-v1:'
const LEGACY = { iterations: 25_000, keyLength: 512 }

/**
 * Whether `password` is the account's current password, checked against its stored hash as
 * Payload's own login does (pbkdf2, constant-time compare). Unlike a login it opens no session
 * and counts no failed attempt (the caller is already signed in; the rate limit guards guessing).
 */
export async function isCurrentPassword(
  req: PayloadRequest,
  userId: number,
  password: string,
): Promise<boolean> {
  const row = (await req.payload.db.findOne({
    collection: 'users',
    req,
    where: { id: { equals: userId } },
  })) as { hash?: unknown; salt?: unknown } | null
  const { hash, salt } = row ?? {}
  if (typeof hash !== 'string' || typeof salt !== 'string' || !password) return false
  const current = hash.startsWith(CURRENT_PREFIX)
  const stored = Buffer.from(current ? hash.slice(CURRENT_PREFIX.length) : hash, 'hex')
  const { iterations, keyLength } = current ? PASSWORD_HASH : LEGACY
  const derived = await new Promise<Buffer>((resolve, reject) =>
    crypto.pbkdf2(password, salt, iterations, keyLength, PASSWORD_HASH.digest, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
  return derived.length === stored.length && crypto.timingSafeEqual(derived, stored)
}
