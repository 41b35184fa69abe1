/**
 * What a member chooses to hear about, and how. Kinds of notification can be silenced, kept
 * in the bell, or also mailed; mail goes at once (at most one of a kind per ten minutes, later
 * ones gathered into the next) or daily (at most one of a kind a day, gathering the day's). The
 * weekly digest is its own switch.
 */
export const NOTIFICATION_KINDS = [
  'replies',
  'comments',
  'newEvents',
  'reactions',
  'pollVotes',
  'mentions',
  'eventReminders',
  'messages',
  'safetyAlerts',
  'lostFound',
  'marketItems',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const DELIVERIES = ['off', 'bell', 'email'] as const
export type Delivery = (typeof DELIVERIES)[number]

export const EMAIL_TIMINGS = ['instant', 'daily'] as const
export type EmailTiming = (typeof EMAIL_TIMINGS)[number]

/** The kinds of mail, each with its own unsubscribe link: the five, and the weekly digest. */
export const MAIL_KINDS = [...NOTIFICATION_KINDS, 'digest'] as const
export type MailKind = (typeof MAIL_KINDS)[number]

/** A notification's stored type → the kind its member chose a delivery for. */
export const KIND_OF_TYPE: Record<string, NotificationKind | undefined> = {
  reply: 'replies',
  'comment-reply': 'replies',
  comment: 'comments',
  'new-event': 'newEvents',
  reaction: 'reactions',
  'poll-vote': 'pollVotes',
  mention: 'mentions',
  'event-reminder': 'eventReminders',
  'event-changed': 'eventReminders',
  'event-cancelled': 'eventReminders',
  message: 'messages',
  'safety-alert': 'safetyAlerts',
  'lost-found': 'lostFound',
  'market-item': 'marketItems',
}

/** What a new member gets: what is about them by mail, the rest in the bell. */
export const DEFAULT_DELIVERY: Record<NotificationKind, Delivery> = {
  replies: 'email',
  comments: 'email',
  newEvents: 'email',
  reactions: 'bell',
  pollVotes: 'bell',
  mentions: 'bell',
  eventReminders: 'email',
  messages: 'email',
  // Verified alerts where one follows: urgent, so on and mailed unless a member turns them down.
  safetyAlerts: 'email',
  // Off until a member asks: a busy neighbourhood posts often.
  lostFound: 'off',
  // Off until a member asks, as lost and found.
  marketItems: 'off',
}

/**
 * Kinds never mailed one by one, whatever the member's timing: a busy market lists many items a
 * day, so their mail is one daily summary (collections/Mails/dailySummary.ts), not a mail each.
 */
export const DAILY_SUMMARY_KINDS: readonly NotificationKind[] = ['marketItems']

/** The notification types whose mail waits for the daily summary. */
export const DAILY_SUMMARY_TYPES = Object.entries(KIND_OF_TYPE)
  .filter(([, kind]) => kind !== undefined && DAILY_SUMMARY_KINDS.includes(kind))
  .map(([type]) => type)

export const KIND_LABELS: Record<MailKind, string> = {
  replies: 'Replies to my comments',
  comments: 'Comments on my posts',
  newEvents: 'New events where I follow',
  reactions: 'Reactions and RSVPs to my posts',
  pollVotes: 'Votes on my polls',
  mentions: 'Mentions of me (@my-name)',
  eventReminders: 'Reminders and changes of events I attend',
  messages: 'Private messages to me',
  safetyAlerts: 'Safety alerts where I follow (verified ones only)',
  lostFound: 'Lost and found where I follow',
  marketItems: 'Market: new items where I follow (e-mail as one daily summary)',
  digest: 'The weekly digest of my neighbourhoods',
}

export const DELIVERY_LABELS: Record<Delivery, string> = {
  off: 'Off',
  bell: 'In the bell only',
  email: 'In the bell and by e-mail',
}

/** At most one mail of a kind per member in this window; later ones wait and are gathered. */
export const MAIL_WINDOW_MINUTES: Record<EmailTiming, number> = { instant: 10, daily: 24 * 60 }

/**
 * Private messages are mailed per conversation, not per kind: at most one mail per conversation
 * in this window (or the daily one, for members who chose daily mail), saying who wrote and how
 * many messages wait, never what they say.
 */
export const MESSAGE_MAIL_WINDOW_MINUTES = 15

/**
 * A conversation's mail waits until its newest message is this old: a member who has the
 * conversation open marks it seen within a second of a message arriving (widgets/Messages), and
 * a conversation seen is never mailed.
 */
export const MESSAGE_MAIL_GRACE_SECONDS = 60

/** The database column holding a kind's delivery (a field of the users' `notify` group). */
export function deliveryColumn(kind: NotificationKind): string {
  return `notify_${kind.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`
}

/** SQL for a kind's delivery as chosen, or its default when never set. */
export function deliveryOfSql(kind: NotificationKind, table = 'users'): string {
  return `coalesce(${table}.${deliveryColumn(kind)}::text, '${DEFAULT_DELIVERY[kind]}')`
}

/** What the unsubscribe link and page say. */
export const MAIL_TEXT = {
  forgedLink: 'This unsubscribe link is not valid. Change your e-mails in Profile → Settings.',
  expiredLink:
    'This unsubscribe link has expired. Sign in and change your e-mails in Profile → Settings.',
  turnedOff: (label: string) => `E-mails turned off: ${label}.`,
  turnedOn: (label: string) => `E-mails turned back on: ${label}.`,
}

/** How the e-mail timing reads in Profile → Settings. */
export const EMAIL_TIMING_LABELS: Record<EmailTiming, string> = {
  instant: 'At once',
  daily: 'A daily digest',
}
