/**
 * Profile → Settings (/profile/settings): the member's notification choices, the download of
 * their data and the deletion of their account. The words the page, its forms and the endpoints
 * share, and the few limits they keep.
 */
export const SETTINGS_PATH = '/profile/settings'

/** Where the link mailed to an account without a known password leads (its confirm page). */
export const DELETE_LINK_PATH = '/profile/settings/delete'

/** How long a mailed deletion link works. */
export const DELETE_LINK_LIFETIME_MS = 60 * 60 * 1000

/** At most this many rows of each kind go into one export (GET /api/users/me/export). */
export const EXPORT_ROW_LIMIT = 10_000

export { DELETED_MEMBER } from './userName'

export const SETTINGS_TEXT = {
  title: 'Settings',
  notificationsTitle: 'Notifications',
  notificationsIntro: 'Choose what you hear about, and how.',
  emailTimingLegend: 'E-mails',
  unconfirmedEmail: (email: string) =>
    `E-mails go to confirmed addresses only. Confirm ${email} first.`,
  save: 'Save my notification settings',
  saved: 'Your notification settings are saved.',
  saveFailed: 'Your notification settings could not be saved.',
  unknownDelivery: 'Choose Off, In the bell only, or In the bell and by e-mail for each kind.',
  unknownTiming: 'Choose At once or A daily digest for your e-mails.',
  unknownDigest: 'The weekly digest is either on or off.',

  exportTitle: 'Download my data',
  exportIntro:
    'A JSON file of everything you wrote here and your settings: your profile, reviews, stories (private ones too), discussions, events, polls, local spots, comments, reactions, votes, RSVPs, follows and notifications.',
  exportButton: 'Download my data',

  deleteTitle: 'Delete my account',
  deleteIntro: [
    'Your profile, avatar, e-mail address, notifications, follows, reactions, votes and RSVPs are removed, and every session is signed out.',
    'Your stories, events, polls and local spots are removed, as are discussions and comments nobody else has replied to.',
    'Discussions and comments others replied to stay, so their conversation still reads, and so do your reviews: without your name, shown as written by a Deleted member.',
    'This cannot be undone.',
  ],
  passwordLabel: 'Your current password',
  deleteButton: 'Delete my account',
  sendLinkButton: 'E-mail me a link to delete my account',
  externalAccount:
    'You sign in through another service, so we confirm by e-mail: we send a link to your address that works for one hour.',
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'That password is not right.',
  linkSent: (email: string) =>
    `We sent a link to ${email}. Open it within an hour to delete your account.`,
  confirmEmailFirst: 'Confirm your e-mail address first: the link can only go to a confirmed one.',
  linkInvalid: 'This link is not valid or has expired. Ask for a new one in Profile → Settings.',
  linkOtherAccount: 'This link is for another account. Sign in as the account it was sent to.',
  confirmTitle: 'Delete your account?',
  deleteFailed: 'Your account could not be deleted.',
  deleted: 'Your account is deleted.',
  signInFirst: 'Please sign in first.',
} as const

/** The export's file name: the user name (3–30 safe characters), else the account's id. */
export function exportFileName(user: { id: number; userName?: string | null }): string {
  return `belong-data-${user.userName || `account-${user.id}`}.json`
}
