import crypto from 'node:crypto'

import { Secret, TOTP as Totp } from 'otpauth'
import type { Payload } from 'payload'
import QRCode from 'qrcode'

import { pgPool } from '@/server/database/db'
import { countTwoFactorFailure, twoFactorWait } from '@/server/http/rateLimits'
import {
  RECOVERY_CODE_COUNT,
  TOTP,
  TWO_FACTOR_MESSAGES,
  isTotpCode,
  normalCode,
} from '@/rules/twoFactor'

/**
 * The account's two-factor state, kept in hidden columns of `users` that no API reads or writes
 * (collections/Users/index.ts): the authenticator key encrypted (AES-256-GCM under a key derived
 * from PAYLOAD_SECRET), a key waiting for its first code, the last time step a code was used
 * (a code is never accepted twice), and the recovery codes' HMACs. `two_factor_since` is the one
 * readable column: whether it is on. Reads and writes are single SQL statements, so two requests
 * racing with the same code cannot both win. The two-factor endpoints and the Settings page's
 * loader share them.
 */

const keyOf = (secret: string) =>
  crypto.createHash('sha256').update(`two-factor:${secret}`).digest()

export function sealSecret(serverSecret: string, base32: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(serverSecret), iv)
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

export function openSecret(serverSecret: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !body) return null
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(serverSecret), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

const hashRecovery = (serverSecret: string, code: string) =>
  crypto.createHmac('sha256', keyOf(serverSecret)).update(normalCode(code)).digest('base64url')

/** A new authenticator key (160 bits, base32 as apps take it). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32

export function totpFor(base32: string, label = '') {
  return new Totp({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
    secret: Secret.fromBase32(base32),
  })
}

/** The current code of a key (tests and the demo's README compute the same). */
export const currentCode = (base32: string, timestamp = Date.now()) =>
  totpFor(base32).generate({ timestamp })

/** The otpauth:// address an app scans, and its QR code as an SVG, made here (no network). */
export async function enrolmentPicture(base32: string, label: string) {
  const uri = totpFor(base32, label).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { uri, svg }
}

/** Ten codes like `k3v9q-2xm7d`, from an alphabet without look-alikes. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(crypto.randomBytes(10), (byte) => alphabet[byte % alphabet.length])
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
  })
}

export interface TwoFactorRow {
  since: Date | null
  secret: string | null
  pending: string | null
}

export async function twoFactorRow(payload: Payload, userId: number): Promise<TwoFactorRow | null> {
  const { rows } = await pgPool(payload).query<{
    since: Date | null
    secret: string | null
    pending: string | null
  }>(
    `SELECT two_factor_since AS since, two_factor_secret AS secret, two_factor_pending AS pending
       FROM users WHERE id = $1`,
    [userId],
  )
  const row = rows[0]
  if (!row) return null
  return {
    since: row.since,
    secret: row.secret ? openSecret(payload.secret, row.secret) : null,
    pending: row.pending ? openSecret(payload.secret, row.pending) : null,
  }
}

/** Starts (or restarts) an enrolment: a new key waits for its first code. Returns the key. */
export async function startEnrolment(payload: Payload, userId: number): Promise<string> {
  const base32 = newTotpSecret()
  await pgPool(payload).query(`UPDATE users SET two_factor_pending = $2 WHERE id = $1`, [
    userId,
    sealSecret(payload.secret, base32),
  ])
  return base32
}

/**
 * Turns two-factor on with `base32` (the seed and tests call it directly; the settings page
 * through confirmEnrolment): the key, the step already used, new recovery codes (returned once).
 */
export async function enrol(
  payload: Payload,
  userId: number,
  base32: string,
  usedStep: number | null = null,
  recovery = newRecoveryCodes(),
): Promise<string[]> {
  await pgPool(payload).query(
    `UPDATE users SET two_factor_since = now(), two_factor_secret = $2, two_factor_pending = NULL,
            two_factor_last_step = coalesce($3, two_factor_last_step), two_factor_recovery = $4::jsonb WHERE id = $1`,
    [
      userId,
      sealSecret(payload.secret, base32),
      usedStep,
      JSON.stringify(recovery.map((code) => hashRecovery(payload.secret, code))),
    ],
  )
  return recovery
}

export async function disable(payload: Payload, userId: number): Promise<void> {
  await pgPool(payload).query(
    `UPDATE users SET two_factor_since = NULL, two_factor_secret = NULL, two_factor_pending = NULL,
            two_factor_last_step = NULL, two_factor_recovery = NULL WHERE id = $1`,
    [userId],
  )
}

/** The time step a code belongs to (within one step of now), or null when it is wrong. */
function stepOf(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(base32).validate({
    token: normalCode(code),
    timestamp: now,
    window: TOTP.window,
  })
  return delta === null ? null : Totp.counter({ period: TOTP.period, timestamp: now }) + delta
}

export type CodeCheck =
  | { ok: true; kind: 'totp' | 'recovery' }
  | { ok: false; status: 400 | 429; message: string; retryAfter?: number }

const wrong = (message: string): CodeCheck => ({ ok: false, status: 400, message })

/**
 * Checks a code against `base32` (the key in use, or one being confirmed): rate-limited per
 * account (only wrong codes count), a code's time step must be newer than the last one used,
 * and that step is then recorded in the same statement. `recovery` also tries recovery codes,
 * each usable once.
 */
export async function checkCode(
  payload: Payload,
  userId: number,
  base32: string,
  code: string,
  { recovery }: { recovery: boolean },
): Promise<CodeCheck> {
  const pool = pgPool(payload)
  const typed = normalCode(code)
  if (!typed) return wrong(TWO_FACTOR_MESSAGES.codeRequired)
  const wait = await twoFactorWait(pool, userId)
  if (wait)
    return {
      ok: false,
      status: 429,
      retryAfter: wait,
      message: `Too many wrong codes. Try again in ${wait} seconds.`,
    }
  if (isTotpCode(typed)) {
    const step = stepOf(base32, typed)
    if (step === null) {
      await countTwoFactorFailure(pool, userId)
      return wrong(TWO_FACTOR_MESSAGES.codeWrong)
    }
    const { rowCount } = await pool.query(
      `UPDATE users SET two_factor_last_step = $2
        WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2)`,
      [userId, step],
    )
    return rowCount === 1 ? { ok: true, kind: 'totp' } : wrong(TWO_FACTOR_MESSAGES.codeUsed)
  }
  if (recovery) {
    const { rowCount } = await pool.query(
      `UPDATE users SET two_factor_recovery = two_factor_recovery - $2::text
        WHERE id = $1 AND two_factor_since IS NOT NULL AND two_factor_recovery ? $2::text`,
      [userId, hashRecovery(payload.secret, typed)],
    )
    if (rowCount === 1) return { ok: true, kind: 'recovery' }
  }
  await countTwoFactorFailure(pool, userId)
  return wrong(recovery ? TWO_FACTOR_MESSAGES.recoveryWrong : TWO_FACTOR_MESSAGES.codeWrong)
}

/** How many recovery codes the account has left. */
export async function recoveryLeft(payload: Payload, userId: number): Promise<number> {
  const { rows } = await pgPool(payload).query<{ n: number | null }>(
    `SELECT jsonb_array_length(two_factor_recovery) AS n FROM users WHERE id = $1`,
    [userId],
  )
  return rows[0]?.n ?? 0
}
