/**
 * What no answer may show: the keys of private account fields, anywhere in a JSON answer, and
 * the secret values of accounts other than the asker's (their e-mail, session tokens and ids,
 * two-factor key and recovery codes) anywhere in its text.
 */
export const PRIVATE_KEYS = new Set([
  'hash',
  'salt',
  'resetPasswordToken',
  'resetPasswordExpiration',
  '_verificationToken',
  'loginAttempts',
  'lockUntil',
  'twoFactorSecret',
  'twoFactorPending',
  'twoFactorRecovery',
  'twoFactorLastStep',
  'userNameKey',
  'credentialId',
  'publicKey',
])

export interface Secrets {
  /** Per account name: the values only that account may be shown. */
  [account: string]: string[]
}

/**
 * The first private thing `text` (an answer to `asker` at `path`) shows, or null. Payload's
 * access answers (/api/access, /api/<collection>/access/…) name fields and what the asker may
 * do with them, never their values: their keys are not looked at.
 */
export function leakIn(text: string, asker: string, secrets: Secrets, path: string): string | null {
  for (const [account, values] of Object.entries(secrets)) {
    if (account === asker) continue
    for (const value of values)
      if (value && text.includes(value)) return `${account}'s ${value.slice(0, 12)}…`
  }
  if (/\/access(\/|$)/.test(path) || (!text.startsWith('{') && !text.startsWith('['))) return null
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return null
  }
  return privateKeyIn(body)
}

function privateKeyIn(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const each of value) {
      const found = privateKeyIn(each)
      if (found) return found
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, each] of Object.entries(value)) {
      if (PRIVATE_KEYS.has(key)) return `the key ${key}`
      const found = privateKeyIn(each)
      if (found) return found
    }
  }
  return null
}
