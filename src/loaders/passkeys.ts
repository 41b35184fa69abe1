import type { Payload } from 'payload'

import { CHALLENGE_COOKIE } from '@/rules/twoFactor'
import { passkeysOf } from '@/data/passkeys'
import { readChallenge, secondSteps } from '@/data/secondStep'
import { formatSince } from './twoFactor'
import { ownAccount } from './settings'

export interface PasskeyView {
  id: number
  name: string
  added: string
  lastUsed: string | null
}

export interface PasskeysState {
  role: string | null
  /** Whether the account has a second factor (the app or a passkey): staff may act. */
  secondFactor: boolean
  keys: PasskeyView[]
}

/** The signed-in account's passkeys for Settings, read only for the viewer's own id. */
export async function passkeysState(payload: Payload, viewerId: number): Promise<PasskeysState> {
  const [keys, user] = await Promise.all([
    passkeysOf(payload, viewerId),
    ownAccount(payload, viewerId),
  ])
  return {
    role: user?.role ?? null,
    secondFactor: Boolean(user?.twoFactorSince || keys.length),
    keys: keys.map((key) => ({
      id: key.id,
      name: key.name,
      added: formatSince(key.createdAt),
      lastUsed: key.lastUsedAt ? formatSince(key.lastUsedAt) : null,
    })),
  }
}

/**
 * /login?step=code: what the account behind the password step's cookie can use as its second
 * step (a code, a passkey), so the page offers the right ones before any script runs.
 */
export async function secondStepsOf(
  payload: Payload,
  headers: Headers,
): Promise<{ code: boolean; passkey: boolean } | null> {
  const cookie = (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === CHALLENGE_COOKIE)
  const token = cookie?.slice(1).join('=')
  const step = token ? readChallenge({ payload }, token) : null
  return step ? secondSteps(payload, step.userId) : null
}
