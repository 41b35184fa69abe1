/**
 * Push to this device: a member turns it on per kind of notification and per device (a browser's
 * push subscription). The words the settings page, its island and the endpoints share, and which
 * push services a subscription may name.
 */
import { KIND_LABELS, type NotificationKind } from './notificationPrefs'

/** Where the browsers' own push services live: a subscription naming any other host is refused. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const

/** A subscription endpoint's limits (the services' own are far shorter). */
export const PUSH_ENDPOINT_MAX = 1000

/**
 * Whether pushes may go to this endpoint: https at a browser's push service (the host or a
 * subdomain of one), or at an origin the operator allowed (PUSH_ENDPOINT_ALLOW: a local or test
 * push service). Anything else would let a member make the server call an address of their choice.
 */
export function isPushEndpointAllowed(endpoint: string, allowedOrigins: string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (allowedOrigins.includes(url.origin)) return true
  if (url.protocol !== 'https:' || url.port || url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))
}

/** What a push says: the notification's own words and where tapping it leads. */
export interface PushPayload {
  title: string
  body: string
  url: string
  /** One notification on the device per bell entry: a repeat replaces it. */
  tag: string
}

/** Longest body of a push (lock screens show two lines or so). */
export const PUSH_BODY_CHARS = 140

export const PUSH_TEXT = {
  toggle: 'Push to this device',
  loginFirst: 'Please sign in to turn on push notifications.',
  unsupported: 'This browser cannot show push notifications.',
  needsScript: 'Push to this device needs JavaScript.',
  blocked:
    'Notifications are blocked for this site in your browser. Allow them in the browser’s site settings, then try again.',
  unconfirmed: 'Pushes go to members with a confirmed address. Confirm your e-mail first.',
  explainTitle: 'Push notifications on this device',
  explain: (kind: NotificationKind) =>
    `This device will show a notification for “${KIND_LABELS[kind]}”: who did what, with a line of what they wrote, and tapping it opens the page. Nothing else is kept on the device, and you can turn it off here at any time. Your browser asks you next.`,
  turnOn: 'Turn on',
  cancel: 'Not now',
  turnedOn: (kind: NotificationKind) => `Pushes on this device: ${KIND_LABELS[kind]}.`,
  turnedOff: (kind: NotificationKind) => `No more pushes on this device: ${KIND_LABELS[kind]}.`,
  failed: 'Push notifications could not be turned on here. Please try again.',
  badEndpoint: 'That push subscription does not name a browser’s push service.',
  badKeys: 'That push subscription’s keys are not valid.',
  unknownKind: 'Choose kinds of notification from Profile → Settings.',
  otherAccount: 'You can only turn on pushes for your own account.',
  malformed: 'Send a push subscription as the browser gives it: an endpoint and its two keys.',
}

/** The body of a push: the text trimmed to what a lock screen shows. */
export function pushBody(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > PUSH_BODY_CHARS ? `${flat.slice(0, PUSH_BODY_CHARS - 1).trimEnd()}…` : flat
}

/** The title of a push whose notification has no words of its own to add. */
export const PUSH_SITE_TITLE = 'Belong'

/**
 * A push's words, as the bell says it: the bell's sentence as the title (no full stop) over a
 * line of what was written; a notification with nothing written to show (a mention, a reminder,
 * a reaction) says its sentence as the body, under the site's name.
 */
export function pushWords(
  message: string,
  excerpt: string | null,
): { title: string; body: string } {
  if (excerpt) return { title: message.replace(/\.$/, ''), body: pushBody(excerpt) }
  return { title: PUSH_SITE_TITLE, body: pushBody(message) }
}

/** The browser and system a user agent names, as a member would recognise the device. */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? ''
  const browser =
    [
      ['Edge', /Edg\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrom(e|ium)\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? 'A browser'
  const system =
    [
      ['Android', /Android/],
      ['iPhone', /iPhone|iPad/],
      ['Windows', /Windows/],
      ['Mac', /Mac OS X/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(ua))?.[0] ?? 'a device'
  return `${browser} on ${system}`
}
