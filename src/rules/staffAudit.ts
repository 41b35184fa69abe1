import { STATIC_PAGES } from './staticPages'
import { suspensionEndText } from './moderation'

/**
 * The staff audit: what staff changed about an account or the site, with the values before and
 * after. Shared by the collection (what is recorded), the admin's list and a member's Settings.
 */
export const STAFF_AUDIT_ACTIONS = {
  'role-changed': 'Role changed',
  suspended: 'Suspended',
  'suspension-lifted': 'Suspension lifted',
  'account-changed': 'Account changed',
  'account-deleted': 'Account deleted',
  'page-published': 'Page published',
  'page-changed': 'Page changed',
  'page-unpublished': 'Page unpublished',
} as const
export type StaffAuditAction = keyof typeof STAFF_AUDIT_ACTIONS

/** What staff did to the member's own account: shown to that member in Settings. */
export const ACCOUNT_ACTIONS: StaffAuditAction[] = [
  'role-changed',
  'suspended',
  'suspension-lifted',
  'account-changed',
]

/** One changed field. Values are text (dates as ISO); secrets are never values. */
export interface AuditChange {
  field: string
  before: string | null
  after: string | null
}

/**
 * The account fields whose changes by staff are recorded with their values. Never the password,
 * its hash or salt, sessions, reset or confirmation tokens, or two-factor secrets.
 */
export const AUDITED_USER_FIELDS = [
  'role',
  'suspendedUntil',
  'email',
  'userName',
  'name',
  'bio',
  'avatar',
] as const

/** A password set by staff is recorded as a change, never with a value. */
export const PASSWORD_CHANGE: AuditChange = { field: 'password', before: null, after: null }

const asText = (value: unknown): string | null => {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id)
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The listed fields whose values differ between two versions of a document. */
export function changedFields(
  fields: readonly string[],
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const changes: AuditChange[] = []
  for (const field of fields) {
    const b = asText(before?.[field])
    const a = asText(after?.[field])
    if (b !== a) changes.push({ field, before: b, after: a })
  }
  return changes
}

const isSuspended = (until: string | null, now: number) => until !== null && Date.parse(until) > now

/** Which action an account's changes are: a role change first, then a suspension, else a change. */
export function accountAction(changes: AuditChange[], now = Date.now()): StaffAuditAction {
  if (changes.some((c) => c.field === 'role')) return 'role-changed'
  const suspension = changes.find((c) => c.field === 'suspendedUntil')
  if (suspension) return isSuspended(suspension.after, now) ? 'suspended' : 'suspension-lifted'
  return 'account-changed'
}

/** Whether a static page's slug puts it on the site (other slugs are drafts). */
export const isPublishedSlug = (slug: unknown) => STATIC_PAGES.some((p) => p.slug === slug)

/** A page's action from whether it was on the site before and after. */
export function pageAction(before: boolean, after: boolean): StaffAuditAction {
  if (!before && after) return 'page-published'
  if (before && !after) return 'page-unpublished'
  return 'page-changed'
}

const shown = (change: AuditChange) => {
  if (change.field === 'password') return 'password set'
  const value = (v: string | null) => (v === null ? '(none)' : v.slice(0, 60))
  return `${change.field}: ${value(change.before)} → ${value(change.after)}`
}

/** The one line the admin's list shows: each change, before → after. */
export const auditSummary = (changes: AuditChange[]) => changes.map(shown).join('; ').slice(0, 500)

/** A member's own view of one change staff made to their account (`at`: when it was made). */
export function accountChangeSentence(change: AuditChange, at: string): string {
  switch (change.field) {
    case 'role':
      return `Your role changed from ${change.before ?? 'member'} to ${change.after ?? 'member'}.`
    case 'suspendedUntil':
      return change.after !== null && isSuspended(change.after, Date.parse(at))
        ? `Your account was suspended until ${suspensionEndText(change.after)}.`
        : 'Your suspension was lifted.'
    case 'password':
      return 'Your password was set by staff.'
    case 'email':
      return `Your e-mail address changed from ${change.before ?? '(none)'} to ${change.after ?? '(none)'}.`
    case 'userName':
      return `Your user name changed from ${change.before ?? '(none)'} to ${change.after ?? '(none)'}.`
    case 'avatar':
      return 'Your profile picture was changed.'
    default:
      return `Your ${change.field} was changed.`
  }
}

export const STAFF_CHANGES_TEXT = {
  title: 'Changes staff made to your account',
  intro:
    'Editors and admins can change your role or suspend your account. Every such change is listed here.',
  none: 'Staff have not changed anything about your account.',
  byRole: (role: string | null | undefined) => (role === 'admin' ? 'by an admin' : 'by an editor'),
} as const
