import crypto from 'node:crypto'

import type { Payload } from 'payload'

import { PASSKEY_CHALLENGE_SECONDS } from '@/rules/passkeys'
import { pgPool } from '@/server/database/db'

/**
 * The `passkeys` and `passkey_challenges` tables (migration passkeys): plain SQL, since no API
 * reads or writes them — only the passkey endpoints (collections/Users/passkeys), for the
 * signed-in account or the sign-in attempt, and the Settings page's loader. `users.passkeys_since` follows whether an account has any passkey, in the
 * same statement that adds or removes one.
 */

export interface PasskeyRow {
  id: number
  userId: number
  credentialId: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
  name: string
  createdAt: Date
  lastUsedAt: Date | null
}

const COLUMNS = `id, user_id AS "userId", credential_id AS "credentialId", public_key AS "publicKey",
  counter::float8 AS counter, transports, name, created_at AS "createdAt", last_used_at AS "lastUsedAt"`

export async function passkeysOf(payload: Payload, userId: number): Promise<PasskeyRow[]> {
  const { rows } = await pgPool(payload).query<PasskeyRow>(
    `SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  )
  return rows
}

export async function passkeyByCredential(
  payload: Payload,
  credentialId: string,
): Promise<PasskeyRow | null> {
  const { rows } = await pgPool(payload).query<PasskeyRow>(
    `SELECT ${COLUMNS} FROM passkeys WHERE credential_id = $1`,
    [credentialId],
  )
  return rows[0] ?? null
}

export interface NewPasskey {
  credentialId: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
  deviceType: string
  backedUp: boolean
  name: string
}

/**
 * Stores a verified passkey and marks the account as having one. Answers whether it is the
 * account's first second factor (no passkey and no authenticator app before), or null when the
 * credential is registered already.
 */
export async function addPasskey(
  payload: Payload,
  userId: number,
  key: NewPasskey,
): Promise<{ id: number; firstFactor: boolean } | null> {
  const { rows } = await pgPool(payload).query<{ id: number; first: boolean }>(
    `WITH added AS (
       INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, device_type,
                             backed_up, name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (credential_id) DO NOTHING
       RETURNING id
     ), before AS (
       SELECT passkeys_since IS NULL AND two_factor_since IS NULL AS first FROM users WHERE id = $1
     ), marked AS (
       UPDATE users SET passkeys_since = coalesce(passkeys_since, now())
        WHERE id = $1 AND EXISTS (SELECT 1 FROM added)
     )
     SELECT added.id, before.first FROM added, before`,
    [
      userId,
      key.credentialId,
      Buffer.from(key.publicKey),
      key.counter,
      key.transports,
      key.deviceType,
      key.backedUp,
      key.name,
    ],
  )
  const row = rows[0]
  return row ? { id: row.id, firstFactor: row.first } : null
}

export async function renamePasskey(
  payload: Payload,
  userId: number,
  id: number,
  name: string,
): Promise<boolean> {
  const { rowCount } = await pgPool(payload).query(
    'UPDATE passkeys SET name = $3 WHERE id = $2 AND user_id = $1',
    [userId, id, name],
  )
  return rowCount === 1
}

/** Removes one of the account's passkeys; the account has none left → passkeys_since empty. */
export async function removePasskey(
  payload: Payload,
  userId: number,
  id: number,
): Promise<{ name: string } | null> {
  const { rows } = await pgPool(payload).query<{ name: string }>(
    `WITH removed AS (
       DELETE FROM passkeys WHERE id = $2 AND user_id = $1 RETURNING name
     ), cleared AS (
       UPDATE users SET passkeys_since = NULL
        WHERE id = $1 AND EXISTS (SELECT 1 FROM removed)
          AND NOT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1 AND id <> $2)
     )
     SELECT name FROM removed`,
    [userId, id],
  )
  return rows[0] ?? null
}

/**
 * Records a sign-in with a passkey: its new signature counter (a counter that went backwards
 * means a cloned authenticator, refused by the caller), and when it was used.
 */
export async function markUsed(payload: Payload, id: number, counter: number): Promise<void> {
  await pgPool(payload).query(
    'UPDATE passkeys SET counter = greatest(counter, $2), last_used_at = now() WHERE id = $1',
    [id, counter],
  )
}

export type ChallengePurpose = 'register' | 'sign-in' | 'second-step'

export interface StoredChallenge {
  challenge: string
  purpose: ChallengePurpose
  userId: number | null
  sessionId: string | null
  remember: boolean | null
}

/** Keeps a new challenge; answers its handle (the cookie's value). */
export async function keepChallenge(
  payload: Payload,
  challenge: string,
  purpose: ChallengePurpose,
  bound: { userId?: number; sessionId?: string | null; remember?: boolean },
): Promise<string> {
  const handle = crypto.randomBytes(24).toString('base64url')
  const pool = pgPool(payload)
  await pool.query(
    `INSERT INTO passkey_challenges (id, challenge, purpose, user_id, session_id, remember, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
    [
      handle,
      challenge,
      purpose,
      bound.userId ?? null,
      bound.sessionId ?? null,
      bound.remember ?? null,
      PASSKEY_CHALLENGE_SECONDS,
    ],
  )
  if (Math.random() < 0.05)
    void pool.query('DELETE FROM passkey_challenges WHERE expires_at < now()').catch(() => {})
  return handle
}

/**
 * Takes a challenge once: the row is deleted as it is read, so a second answer to the same
 * challenge (a replay, or a retry after a refusal) finds nothing.
 */
export async function takeChallenge(
  payload: Payload,
  handle: string,
  purpose: ChallengePurpose,
): Promise<StoredChallenge | null> {
  if (!handle) return null
  const { rows } = await pgPool(payload).query<StoredChallenge>(
    `DELETE FROM passkey_challenges WHERE id = $1
     RETURNING challenge, purpose, user_id AS "userId", session_id AS "sessionId", remember,
               expires_at > now() AS live`,
    [handle],
  )
  const row = rows[0] as (StoredChallenge & { live: boolean }) | undefined
  return row && row.live && row.purpose === purpose ? row : null
}
