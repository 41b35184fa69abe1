import crypto from 'node:crypto'

import { isoCBOR } from '@simplewebauthn/server/helpers'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'

/**
 * A passkey authenticator in the test process, for HTTP tests that cannot drive a browser: it
 * makes real ES256 credentials ('none' attestation) and signs real assertions, as a platform
 * authenticator would, so the server checks them with its real verification. Its origin and
 * RP ID are what a browser on `origin` would put in (tests change them to try other sites).
 */
interface Credential {
  privateKey: crypto.KeyObject
  userHandle: string
  counter: number
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest()

/** UP (user present) and UV (user verified), AT when credential data follows. */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 }

export class SoftAuthenticator {
  readonly credentials = new Map<string, Credential>()

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {}

  /** navigator.credentials.create(): a new discoverable credential for the options' user. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    overrides: { origin?: string; rpId?: string; challenge?: string } = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const id = crypto.randomBytes(16)
    const credentialData = Buffer.concat([
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([id.length >> 8, id.length & 0xff]),
      id,
      Buffer.from(cose),
    ])
    const authData = this.authData(
      overrides.rpId,
      FLAGS.up | FLAGS.uv | FLAGS.at,
      0,
      credentialData,
    )
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    )
    const clientDataJSON = this.clientData(
      'webauthn.create',
      overrides.challenge ?? options.challenge,
      overrides.origin,
    )
    this.credentials.set(b64url(id), { privateKey, userHandle: options.user.id, counter: 0 })
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /** navigator.credentials.get() with `credentialId` (the first credential when left out). */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    credentialId = this.credentials.keys().next().value!,
    overrides: { origin?: string; rpId?: string; challenge?: string; counter?: number } = {},
  ): AuthenticationResponseJSON {
    const credential = this.credentials.get(credentialId)
    if (!credential) throw new Error(`no credential ${credentialId}`)
    credential.counter = overrides.counter ?? credential.counter + 1
    const authData = this.authData(overrides.rpId, FLAGS.up | FLAGS.uv, credential.counter)
    const clientDataJSON = this.clientData(
      'webauthn.get',
      overrides.challenge ?? options.challenge,
      overrides.origin,
    )
    const signature = crypto.sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    )
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    }
  }

  private authData(rpId = this.rpId, flags: number, counter: number, extra = Buffer.alloc(0)) {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra])
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }
}
