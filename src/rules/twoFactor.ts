/**
 * Two-factor sign-in: a time-based one-time code from an authenticator app (RFC 6238:
 * SHA-1, 6 digits, 30-second steps, one step of drift either way), or one of ten recovery codes.
 * Editors and admins must have it before the admin or any staff action works.
 */
export const TOTP = {
  digits: 6,
  period: 30,
  window: 1,
  algorithm: 'SHA1',
  issuer: 'Belong',
} as const

export const RECOVERY_CODE_COUNT = 10

/** How long the password step's challenge lasts before the code must be entered. */
export const CHALLENGE_SECONDS = 5 * 60

/** The cookie that carries the challenge between the two steps of the /login form. */
export const CHALLENGE_COOKIE = 'belong_2fa'

export const TWO_FACTOR_PATH = '/profile/settings/two-factor'

/**
 * Whether an account (the session's user) has a second factor: an authenticator app turned on,
 * or a passkey (src/rules/passkeys.ts).
 */
export const hasSecondFactor = (user: unknown): boolean => {
  const account = user as { twoFactorSince?: unknown; passkeysSince?: unknown } | null
  return Boolean(account?.twoFactorSince || account?.passkeysSince)
}

/** A code as typed: spaces and dashes dropped, letters lower-cased. */
export const normalCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase()

/** Six digits (an authenticator code); anything else is tried as a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(normalCode(code))

/** A field for an authenticator code: six digits, a space allowed between the threes. */
export const TOTP_CODE_INPUT = {
  inputmode: 'numeric',
  autocomplete: 'one-time-code',
  pattern: '[0-9 ]{6,7}',
  maxlength: 7,
} as const

export const TWO_FACTOR_TEXT = {
  title: 'Two-factor sign-in',
  intro:
    'Sign-in asks for a code from an authenticator app on your phone as well as your password, so a stolen password alone cannot open your account.',
  offStatus: 'Two-factor sign-in is off.',
  onStatus: (since: string) => `Two-factor sign-in is on (since ${since}).`,
  staffRequired:
    'Editors and admins must turn on two-factor sign-in (an authenticator app or a passkey) before they can use the admin or any staff action.',
  start: 'Set up two-factor sign-in',
  manage: 'Manage two-factor sign-in',
  continueTo: 'Continue to the admin',
  scan: 'Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy, …), or type the key below into it.',
  keyLabel: 'Key',
  confirmIntro: 'Then enter the 6-digit code the app shows to turn it on.',
  confirmButton: 'Turn on',
  cancel: 'Cancel',
  codeLabel: 'Code from your authenticator app',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'Each code signs you in once if you lose your phone. Save them somewhere safe now: they are not shown again.',
  disableTitle: 'Turn off two-factor sign-in',
  disableIntro: 'Enter a current code from your app, or your password.',
  disableCodeLabel: 'Code or password',
  disableButton: 'Turn off',
  loginTitle: 'Two-factor sign-in',
  loginIntro: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  loginCodeLabel: 'Code',
  loginButton: 'Verify',
  loginBack: 'Start again',
} as const

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the code from your authenticator app.',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  codeUsed: 'That code has been used already. Wait for the next code from your app.',
  recoveryWrong: 'That recovery code is not right, or it has been used already.',
  challengeExpired: 'Your sign-in took too long. Please enter your e-mail and password again.',
  needed: 'Enter the code from your authenticator app to finish signing in.',
  useSiteSignIn:
    'This account uses two-factor sign-in: sign in at /login (or POST /api/accounts/login, then /api/accounts/login/code with the code).',
  alreadyOn: 'Two-factor sign-in is on already.',
  notStarted: 'Start the set-up again: no key is waiting to be confirmed.',
  notOn: 'Two-factor sign-in is not on.',
  disableRefused: 'That is neither a current code nor your password.',
  enabled: 'Two-factor sign-in is on. Save your recovery codes below.',
  disabled: 'Two-factor sign-in is off.',
  signInFirst: 'Sign in to change your two-factor sign-in.',
  staffNeedsTwoFactor:
    'Staff actions need two-factor sign-in. Turn it on (or add a passkey) in Profile → Settings, then try again.',
  adminNeedsTwoFactor:
    'Editors and admins need two-factor sign-in before they can use the admin. Set up an authenticator app or a passkey here, then go back to the admin.',
} as const
