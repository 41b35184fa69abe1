import {
  WebAuthnError,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser'

import type { Contracts } from '@/contracts'
import type { InputOf } from '@/contracts/contract'

import { PASSKEY_MESSAGES } from '@/rules/passkeys'
import { send } from '@widgets/lib/client'

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

/** The device's answer as plain JSON (the contracts take any further fields it has). */
const asJson = (
  answer: RegistrationResponseJSON | AuthenticationResponseJSON,
): InputOf<Contracts['passkeys.add']>['response'] => ({
  ...answer,
  response: { ...answer.response },
})

/** Settings: a new passkey for the signed-in account, under `name`. */
export async function addPasskey(name: string): Promise<{ id: number; name: string }> {
  // The contract describes the options loosely; they are WebAuthn's, as the library reads them.
  const optionsJSON = (await send('passkeys.options', {})) as PublicKeyCredentialCreationOptionsJSON
  let response
  try {
    response = await startRegistration({ optionsJSON })
  } catch (error) {
    throw plainly(error)
  }
  const added = await send('passkeys.add', { response: asJson(response), name })
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
  const bound = second && step.challenge ? { challenge: step.challenge } : {}
  const options = second
    ? send('accounts.secondStepOptions', bound)
    : send('accounts.passkeyOptions', { remember: step.remember })
  const optionsJSON = (await options) as PublicKeyCredentialRequestOptionsJSON
  let response
  try {
    response = await startAuthentication({ optionsJSON })
  } catch (error) {
    throw plainly(error)
  }
  return second
    ? send('accounts.secondStep', { ...bound, response: asJson(response) })
    : send('accounts.passkey', { response: asJson(response) })
}
