/**
 * Settings → Your devices: the member's signed-in sessions, each signed out on its own or all
 * but this one. The words the page, its forms, the endpoints and the mails share, and the limits.
 */
export const DEVICES_ANCHOR = 'devices'

/** A session's last use is written at most this often (not on every request). */
export const LAST_USED_EVERY_MS = 5 * 60 * 1000

/**
 * The long-lived random cookie a browser is recognised by at sign-in (a new one is a new device):
 * kept 400 days, the most a browser keeps any cookie. Only its SHA-256 is stored.
 */
export const DEVICE_COOKIE = 'belong_device'
export const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60

/** A Payload session id, as its tokens carry it (a UUID); anything else is refused unread. */
export const isSessionId = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)

export const DEVICES_TEXT = {
  title: 'Your devices',
  intro:
    'Where your account is signed in now. Sign out anything you do not recognise, then change your password.',
  thisDevice: 'This device',
  lastUsed: (when: string) => `Last used ${when}`,
  activeNow: 'Active now',
  recently: 'in the last few minutes',
  signedIn: (when: string) => `Signed in ${when}`,
  signOut: 'Sign out',
  signOutLabel: (device: string) => `Sign out ${device}`,
  signOutOthers: 'Sign out everywhere else',
  onlyThisDevice: 'You are signed in on this device only.',
  unknownBrowser: 'An unknown browser or app',
}

export const DEVICES_MESSAGES = {
  signInFirst: 'Sign in to see your devices.',
  badSession: 'That is not a session id.',
  notYours: 'That session is not one of yours, or it has already ended.',
  signedOutOne: (device: string) => `${device} is signed out.`,
  signedOutThis: 'You are signed out on this device.',
  signedOutOthers: (count: number) =>
    count === 0
      ? 'You were not signed in anywhere else.'
      : `Signed out everywhere else (${count} ${count === 1 ? 'session' : 'sessions'}).`,
  failed: 'That could not be done. Please try again.',
}
