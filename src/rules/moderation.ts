/**
 * Moderation's rules: what members can report, how much a report weighs, when an item is
 * hidden pending review, and the wording of the report dialog and the suspension.
 */

/** Reports from this much weight (three established members) hide an item pending review. */
export const REPORT_THRESHOLD = 3

/** An account counts fully once it is this old and its e-mail address is confirmed. */
export const ESTABLISHED_AFTER_MS = 24 * 60 * 60 * 1000

export const REPORT_REASONS = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  private: 'Private information',
  misleading: 'Misleading or false',
  'off-topic': 'Off-topic',
  other: 'Something else',
} as const
export type ReportReason = keyof typeof REPORT_REASONS
export const REPORT_REASON_VALUES = Object.keys(REPORT_REASONS) as ReportReason[]

/** 'Something else' asks for a note; any note is at most this long. */
export const REPORT_NOTE_MAX = 500

export const MODERATION_TEXT = {
  report: 'Report',
  title: 'Report this',
  send: 'Send report',
  thanks: 'Thanks — an editor will look at it.',
  loginToReport: 'Login to report',
  already: 'You already reported this.',
  own: 'You cannot report your own post.',
  gone: 'This is no longer there.',
  noteNeeded: 'Please say what is wrong.',
  noteTooLong: `Notes are limited to ${REPORT_NOTE_MAX} characters.`,
  reasonNeeded: 'Choose a reason.',
  failed: 'Failed to send the report.',
  hiddenNotice: 'Hidden while an editor reviews it',
  askForReview: 'Ask for a review',
  appealWaiting: 'You asked for a review; an editor will look at it.',
  appealSent: 'Thanks — an editor will look at it again.',
  appealedAlready: 'You already asked for a review.',
  notHidden: 'This is not hidden.',
  notYours: 'Only its author can ask for a review.',
} as const

/** The editors' desk: what deciding reports and lifting suspensions answer. */
export const DESK_TEXT = {
  decideStaffOnly: 'Only editors decide reports.',
  nothingToDecide: 'Nothing to decide: those items are not there.',
  liftStaffOnly: 'Only editors lift suspensions.',
  notSuspended: 'That member is not suspended.',
  lifted: 'Suspension lifted.',
} as const

interface Reporter {
  role?: string | null
  createdAt?: string | null
  emailConfirmedAt?: string | null
}

export const isStaffRole = (role: string | null | undefined) =>
  role === 'editor' || role === 'admin'

/**
 * How much one report counts: an editor's hides at once; an account older than a day with a
 * confirmed e-mail counts 1; a new or unconfirmed one 0.5, so fresh accounts cannot hide alone.
 */
export function reportWeight(reporter: Reporter, now = Date.now()): number {
  if (isStaffRole(reporter.role)) return REPORT_THRESHOLD
  const created = reporter.createdAt ? Date.parse(reporter.createdAt) : NaN
  const established =
    Boolean(reporter.emailConfirmedAt) &&
    Number.isFinite(created) &&
    now - created >= ESTABLISHED_AFTER_MS
  return established ? 1 : 0.5
}

/** Whether reports of this total weight hide their item. */
export const reachesThreshold = (weight: number) => weight >= REPORT_THRESHOLD

/** The reason most reporters gave (the first of the table on a tie): the log's category. */
export function leadingReason(reasons: readonly ReportReason[]): ReportReason | null {
  const counts = new Map<ReportReason, number>()
  for (const r of reasons) counts.set(r, (counts.get(r) ?? 0) + 1)
  let best: ReportReason | null = null
  for (const r of REPORT_REASON_VALUES) {
    if ((counts.get(r) ?? 0) > (best ? counts.get(best)! : 0)) best = r
  }
  return best
}

export const SUSPENSIONS = { week: 7, month: 30, lifted: null } as const
export type SuspensionLength = keyof typeof SUSPENSIONS
/** 'Until lifted' is stored as a date far ahead, so one comparison decides everywhere. */
export const UNTIL_LIFTED = '9999-12-31T00:00:00.000Z'

export function suspensionEnd(length: SuspensionLength, now = Date.now()): string {
  const days = SUSPENSIONS[length]
  return days === null ? UNTIL_LIFTED : new Date(now + days * 24 * 60 * 60 * 1000).toISOString()
}

/** When a suspension ends, in words: '3 December 2026', or 'an editor lifts it'. */
export const suspensionEndText = (until: string) =>
  until === UNTIL_LIFTED
    ? 'an editor lifts it'
    : new Date(until).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/London',
      })

/** The refusal every write of a suspended member gets, or null when they are not suspended. */
export function suspensionMessage(
  until: string | null | undefined,
  now = Date.now(),
): string | null {
  if (!until || Date.parse(until) <= now) return null
  return `Your account is suspended until ${suspensionEndText(until)}.`
}
