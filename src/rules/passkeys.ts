/**
 * Passkeys (WebAuthn): sign in without a password, or use one as the second step after it.
 * A passkey counts as a second factor: editors and admins with one act as staff, and their
 * password sign-in then asks for it (members keep a one-step password sign-in unless they
 * turned on an authenticator app, so losing a phone never locks a member out).
 */
export const PASSKEYS_PATH = '/profile/settings/passkeys'

/** How long a passkey challenge lasts before the browser's answer must come back. */
export const PASSKEY_CHALLENGE_SECONDS = 2 * 60

/** The HttpOnly cookie that binds a challenge to the browser that asked for it. */
export const PASSKEY_CHALLENGE_COOKIE = 'belong_passkey'

export const PASSKEY_NAME_MAX = 60
export const PASSKEYS_MAX = 20

/** A passkey's name as typed: spaces squeezed, at most PASSKEY_NAME_MAX characters. */
export const cleanPasskeyName = (name: string) =>
  name.replace(/\s+/g, ' ').trim().slice(0, PASSKEY_NAME_MAX)

export const PASSKEY_TEXT = {
  title: 'Passkeys',
  intro:
    'A passkey signs you in with your fingerprint, face or screen lock instead of your password. It is kept on your device (or your password manager) and cannot be phished.',
  staffNote:
    'For editors and admins a passkey is also the second factor: signing in with your password then asks for it.',
  needsScript:
    'Adding a passkey and signing in with one need JavaScript: turn it on in your browser to use passkeys.',
  none: 'You have no passkeys yet.',
  count: (n: number) =>
    n === 0
      ? 'No passkeys yet: sign in with your fingerprint, face or screen lock instead of a password.'
      : `${n} passkey${n === 1 ? '' : 's'}.`,
  add: 'Add a passkey',
  adding: 'Waiting for your device...',
  nameLabel: 'Name',
  rename: 'Rename',
  remove: 'Remove',
  removeTitle: (name: string) => `Remove the passkey “${name}”?`,
  removeIntro:
    'You can no longer sign in with it. The passkey stays on your device until you delete it there too.',
  removeConfirm: 'Remove passkey',
  cancel: 'Cancel',
  added: (date: string) => `Added ${date}`,
  lastUsed: (date: string) => `last used ${date}`,
  neverUsed: 'not used yet',
  signIn: 'Use a passkey',
  signingIn: 'Waiting for your passkey...',
  secondStep: 'Use your passkey',
  secondStepIntro: 'Confirm it is you with your passkey.',
  settingsLink: 'Manage passkeys',
  continueTo: 'Continue to the admin',
  orPasskey: 'Or add a passkey instead of an authenticator app:',
} as const

export const PASSKEY_MESSAGES = {
  signInFirst: 'Sign in to change your passkeys.',
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  nameRequired: 'Give the passkey a name.',
  nameTooLong: `A passkey's name is at most ${PASSKEY_NAME_MAX} characters.`,
  alreadyAdded: 'That passkey is added already.',
  notFound: 'That passkey is not one of yours.',
  tooMany: `You have ${PASSKEYS_MAX} passkeys: remove one before adding another.`,
  challengeExpired: 'That passkey request has expired or was used already. Please try again.',
  responseInvalid: 'That passkey answer could not be checked. Please try again.',
  refused: 'That passkey was not accepted. Try again, or sign in with your password.',
  unknownPasskey:
    'That passkey is not registered here (it may have been removed). Sign in with your password.',
  notYours: 'That passkey belongs to another account.',
  noPasskey: 'This account has no passkey: use the code from your authenticator app.',
  useYourPasskey: 'This account uses a passkey as its second step: use your passkey.',
  cancelled: 'No passkey was used. Try again when you are ready.',
  unsupported: 'This browser cannot use passkeys.',
} as const
