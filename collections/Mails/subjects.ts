import { DAILY_SUMMARY_KINDS, type NotificationKind } from '@/rules/notificationPrefs'

const MANY: Record<NotificationKind, (n: number) => string> = {
  replies: (n) => `${n} new replies to your comments`,
  comments: (n) => `${n} new comments on your posts`,
  newEvents: (n) => `${n} new events where you follow`,
  reactions: (n) => `${n} new reactions to your posts`,
  pollVotes: (n) => `${n} new votes on your polls`,
  mentions: (n) => `${n} new mentions of you`,
  eventReminders: (n) => `${n} updates on events you attend`,
  // A messages mail is about one conversation (./owed.ts): one notification, its own words.
  messages: (n) => `${n} conversations with new messages`,
  safetyAlerts: (n) => `${n} verified safety alerts where you follow`,
  lostFound: (n) => `${n} new lost and found posts where you follow`,
  marketItems: (n) =>
    n === 1 ? 'A new market item where you follow' : `${n} new market items where you follow`,
}

/**
 * One notification's own words, or how many of a kind the mail gathers; a daily summary always
 * says what it is, however many it lists.
 */
export function mailSubject(kind: NotificationKind, messages: string[]): string {
  if (messages.length === 1 && !DAILY_SUMMARY_KINDS.includes(kind))
    return messages[0]!.replace(/\.$/, '')
  return MANY[kind](messages.length)
}
