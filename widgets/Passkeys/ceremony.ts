import {
  WebAuthnError,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'

import { PASSKEY_MESSAGES } from '@/rules/passkeys'
import { api } from '@widgets/lib/api'

/**
 * The browser's half of passkeys (@simplewebauthn/browser): ask the server for options, let the
 * device make or use a passkey, send its answer back. Loaded only by the pages that use passkeys
 * (Settings → Passkeys, and /login once it has drawn), never with the public pages' scripts.
 */

export const passkeysSupported = () => browserSupportsWebAuthn()

/** The device's refusal in plain words (closed dialog, time out, a passkey there already). */
function plainly(error: unknown): Error {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return new Error(PASSKEY_MESSAGES.alreadyAdded)
  const cause = error instanceof Error ? error.cause : undefined
  const names = [error, cause].map((e) => (e instanceof Error ? e.name : ''))
  if (names.includes('NotAllowedError') || names.includes('AbortError'))
    return new Error(PASSKEY_MESSAGES.cancelled)
  return error instanceof Error ? error : new Error(PASSKEY_MESSAGES.responseInvalid)
}

const post = <T>(path: string, json: unknown) => api<T>(path, { method: 'POST', json })

/** Settings: a new passkey for the signed-in account, under `name`. */
export async function addPasskey(name: string): Promise<{ id: number; name: string }> {
  const optionsJSON = await post<PublicKeyCredentialCreationOptionsJSON>(
    '/api/users/me/passkeys/options',
    {},
  )
  let response
  try {
    response = await startRegistration({ optionsJSON })
  } catch (error) {
    throw plainly(error)
  }
  const added = await post<{ passkey: { id: number; name: string } }>('/api/users/me/passkeys', {
    response,
    name,
  })
  return added.passkey
}

export interface SignedIn {
  user: { userName?: string | null }
}

/**
 * Sign-in with a passkey: with no `challenge` any passkey of the site (no password); with the
 * password step's challenge (or its cookie: `secondStep`), only that account's passkeys.
 */
export async function signInWithPasskey(
  step: { remember: boolean } | { secondStep: true; challenge: string | null },
): Promise<SignedIn> {
  const second = 'secondStep' in step
  const base = second ? '/api/accounts/login/passkey' : '/api/accounts/passkey'
  const bound = second && step.challenge ? { challenge: step.challenge } : {}
  const optionsJSON = await post<PublicKeyCredentialRequestOptionsJSON>(
    `${base}/options`,
    second ? bound : { remember: step.remember },
  )
  let response
  try {
    response = await startAuthentication({ optionsJSON })
  } catch (error) {
    throw plainly(error)
  }
  return post<SignedIn>(base, { ...bound, response })
}
