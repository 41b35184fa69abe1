import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { PayloadRequest } from 'payload'

import { PASSKEY_CHALLENGE_COOKIE, PASSKEY_CHALLENGE_SECONDS } from '@/rules/passkeys'
import { env } from '@/server/config/env'
import { siteOrigins } from '@/server/http/security'
import type { NewPasskey, PasskeyRow } from '@/data/passkeys'

/**
 * The WebAuthn ceremonies through @simplewebauthn/server. The relying party is the site's
 * configured public origin (PUBLIC_URL, else the local http://localhost:PORT the site answers
 * as): a request's Host never chooses it, so an assertion made for another site is refused.
 */
export function relyingParty() {
  const origin = siteOrigins(env.publicUrl, env.port).publicOrigin
  return { origin, id: new URL(origin).hostname, name: 'Belong' }
}

/** The user handle a passkey carries: the account id, which names nothing else. */
export const userHandleOf = (userId: number) => Buffer.from(String(userId), 'utf8')

/**
 * EdDSA, ES256, RS256, named: the library's default probes Node for post-quantum keys, which
 * logs an experimental-feature warning on every registration.
 */
const ALGORITHMS = [-8, -7, -257]

const TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])
const transportsOf = (list: string[]) =>
  list.filter((t): t is AuthenticatorTransport => TRANSPORTS.has(t))

export function registrationOptions(
  user: { id: number; email: string; name?: string | null },
  existing: PasskeyRow[],
) {
  const rp = relyingParty()
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: userHandleOf(user.id),
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({
      id: key.credentialId,
      transports: transportsOf(key.transports),
    })),
    // A discoverable credential: it signs in with no e-mail typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  })
}

export function authenticationOptions(allowed: PasskeyRow[] | null) {
  return generateAuthenticationOptions({
    rpID: relyingParty().id,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    // Passwordless sign-in needs the device to check who holds it (PIN, fingerprint, face).
    userVerification: allowed ? 'preferred' : 'required',
    allowCredentials: allowed?.map((key) => ({
      id: key.credentialId,
      transports: transportsOf(key.transports),
    })),
  })
}

/** A verified new passkey, or null when the browser's answer does not check out. */
export async function checkRegistration(
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<Omit<NewPasskey, 'name'> | null> {
  const rp = relyingParty()
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    })
    if (!result.verified) return null
    const info = result.registrationInfo
    return {
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    }
  } catch {
    return null
  }
}

/** The signature counter after a verified assertion by `key`, or null when it fails. */
export async function checkAssertion(
  response: AuthenticationResponseJSON,
  challenge: string,
  key: PasskeyRow,
  requireUserVerification: boolean,
): Promise<number | null> {
  const rp = relyingParty()
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(key.publicKey),
        counter: key.counter,
        transports: transportsOf(key.transports),
      },
    })
    return result.verified ? result.authenticationInfo.newCounter : null
  } catch {
    return null
  }
}

/** The challenge's handle as an HttpOnly cookie (null: cleared). */
export function passkeyCookie(req: PayloadRequest, handle: string | null): string {
  const secure = req.payload.collections.users.config.auth.cookies.secure ? '; Secure' : ''
  const life = handle ? PASSKEY_CHALLENGE_SECONDS : 0
  return `${PASSKEY_CHALLENGE_COOKIE}=${handle ?? ''}; Path=/api; Max-Age=${life}; HttpOnly; SameSite=Strict${secure}`
}

export function passkeyHandle(req: PayloadRequest): string {
  for (const part of (req.headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name === PASSKEY_CHALLENGE_COOKIE) return rest.join('=')
  }
  return ''
}

/** Whether a body's `response` has the shape of a browser's WebAuthn answer (else a 400). */
export function isCredentialAnswer(
  value: unknown,
): value is RegistrationResponseJSON & AuthenticationResponseJSON {
  const answer = value as { id?: unknown; rawId?: unknown; type?: unknown; response?: unknown }
  return (
    typeof answer === 'object' &&
    answer !== null &&
    typeof answer.id === 'string' &&
    answer.id.length > 0 &&
    answer.id.length <= 1400 &&
    typeof answer.rawId === 'string' &&
    answer.type === 'public-key' &&
    typeof answer.response === 'object' &&
    answer.response !== null &&
    typeof (answer.response as { clientDataJSON?: unknown }).clientDataJSON === 'string'
  )
}
