/**
 * Account screens (SPEC §2, §5, §8, §9): the words and limits the islands and the server share.
 */
export const PASSWORD_MIN_LENGTH = 6

/** A plain sign-in lasts as long as the browser session (and at most the collection's 7 days). */
export const REMEMBER_ME_SECONDS = 60 * 60 * 24 * 30

export const ACCOUNT_MESSAGES = {
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordsDiffer: 'Passwords do not match.',
  registered: 'Registration successful! Check your email to confirm.',
  registrationFailed: 'Registration failed',
  profileCreated: 'Profile created successfully!',
  profileCreationFailed: 'Profile creation failed',
  resetSent: 'If an account exists for that email, a reset link has been sent.',
  resetSendFailed: 'Failed to send reset email.',
  passwordUpdated: 'Password updated! You can now sign in.',
  passwordUpdateFailed: 'Failed to update password.',
  emailAndPasswordRequired: 'Please enter your e-mail and password.',
  signUpFieldsRequired: 'Please enter a username, e-mail and password.',
  oidcNotConfigured: 'sign-in with Google is not configured',
  oidcLoginFailed: (message: string) => `Google login failed: ${message}`,
  oidcSignUpFailed: (message: string) => `Google sign-up failed: ${message}`,
} as const

/** After a reset the page waits this long before moving on to /login (SPEC §9: about 0.8 s). */
export const RESET_REDIRECT_MS = 800

export function passwordProblem(password: string, confirm?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort
  if (confirm !== undefined && password !== confirm) return ACCOUNT_MESSAGES.passwordsDiffer
  return null
}

/**
 * Where to go after signing in: `next` only when it is a path on this site ('/x', not '//x',
 * not '/\\x', no scheme), else home.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback
  }
  try {
    const url = new URL(next, 'http://belong.invalid')
    if (url.origin !== 'http://belong.invalid') return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}

/** Signed in without a user name: registration is not finished (SPEC §2 /register). */
export function landingAfterSignIn(user: { userName?: string | null }, next?: string | null) {
  return user.userName ? safeNextPath(next) : '/register'
}
