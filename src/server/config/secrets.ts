import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Values that were ever defaults in this repository or its docs: never accepted in production. */
export const KNOWN_SECRETS = [
  'belong-local-secret',
  'belong-secret',
  'belong-build-only-secret',
  'secret',
  'changeme',
]
const MIN_LENGTH = 32

export class UnsafeSecretError extends Error {}

/** A secret kept in DATA_DIR, readable by its owner only; made on first use. */
export function readOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const secret = crypto.randomBytes(32).toString('hex')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

function check(name: string, value: string, production: boolean): void {
  if (!production) return
  if (KNOWN_SECRETS.includes(value) || value.length < MIN_LENGTH) {
    throw new UnsafeSecretError(
      `${name} is a known or short value (${value.length} characters). Unset it to have one ` +
        `generated into DATA_DIR, or give at least ${MIN_LENGTH} random characters.`,
    )
  }
}

/**
 * Every server secret, from the environment or generated into DATA_DIR (mode 0600) on first
 * start, then put into process.env so the config, the realtime server and child builds share it.
 * Hosted Pusher brings its own secret (PUSHER_SECRET is required with PUSHER_APP_ID).
 */
export function ensureSecrets(dataDir: string, production: boolean): void {
  fs.mkdirSync(dataDir, { recursive: true })
  process.env.PAYLOAD_SECRET ||= readOrCreateSecret(path.join(dataDir, 'payload-secret'))
  check('PAYLOAD_SECRET', process.env.PAYLOAD_SECRET, production)
  if (process.env.PUSHER_APP_ID && !process.env.PUSHER_SECRET) {
    throw new UnsafeSecretError('PUSHER_APP_ID is set without PUSHER_SECRET.')
  }
  process.env.PUSHER_SECRET ||= readOrCreateSecret(path.join(dataDir, 'pusher-secret'))
  check('PUSHER_SECRET', process.env.PUSHER_SECRET, production)
  ensureVapidKeys(dataDir)
}

/**
 * The Web Push (VAPID) key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a P-256 pair made
 * once into DATA_DIR/vapid-keys.json (0600). Browsers subscribe to the public key, so it must
 * stay the same for as long as their subscriptions should work.
 */
export function ensureVapidKeys(dataDir: string): void {
  const given = [process.env.VAPID_PUBLIC_KEY, process.env.VAPID_PRIVATE_KEY].filter(Boolean)
  if (given.length === 2) return
  if (given.length === 1)
    throw new UnsafeSecretError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.')
  const file = path.join(dataDir, 'vapid-keys.json')
  if (!fs.existsSync(file)) {
    const ecdh = crypto.createECDH('prime256v1')
    ecdh.generateKeys()
    const pair = {
      publicKey: ecdh.getPublicKey('base64url'),
      privateKey: ecdh.getPrivateKey('base64url'),
    }
    fs.writeFileSync(file, JSON.stringify(pair), { mode: 0o600 })
  }
  const pair = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    publicKey: string
    privateKey: string
  }
  process.env.VAPID_PUBLIC_KEY = pair.publicKey
  process.env.VAPID_PRIVATE_KEY = pair.privateKey
}
