import type { User } from '@/payload-types'
import {
  DEFAULT_DELIVERY,
  DELIVERIES,
  EMAIL_TIMINGS,
  NOTIFICATION_KINDS,
  type Delivery,
  type EmailTiming,
  type NotificationKind,
} from '@/rules/notificationPrefs'
import { keptValue, type FormState } from '@/views/forms'

/** What Profile → Settings shows of the signed-in account. */
export interface SettingsView {
  email: string
  emailConfirmed: boolean
  /** Made through external sign-in: deletion is confirmed by a mailed link, not a password. */
  external: boolean
  notify: Record<NotificationKind, Delivery> & { emailTiming: EmailTiming; weeklyDigest: boolean }
}

type Account = Pick<User, 'email' | 'emailConfirmedAt' | 'notify' | 'oidcIssuer'>

/** The account's choices, each unset one as its default (what the mail dispatch reads too). */
export function toSettingsView(user: Account): SettingsView {
  const notify = user.notify ?? {}
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, notify[kind] ?? DEFAULT_DELIVERY[kind]]),
  ) as Record<NotificationKind, Delivery>
  return {
    email: user.email,
    emailConfirmed: Boolean(user.emailConfirmedAt),
    external: Boolean(user.oidcIssuer),
    notify: {
      ...kinds,
      emailTiming: notify.emailTiming ?? 'instant',
      weeklyDigest: notify.weeklyDigest ?? true,
    },
  }
}

/**
 * The choices the form shows: after a refusal, what was sent where it was a real choice (so
 * the form comes back as it was), else the stored ones.
 */
export function shownChoices(
  view: SettingsView,
  form: FormState | undefined,
): SettingsView['notify'] {
  if (!form) return view.notify
  const pick = <T extends string>(name: string, options: readonly T[], stored: T): T => {
    const sent = keptValue(form, name)
    return (options as readonly string[]).includes(sent) ? (sent as T) : stored
  }
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, pick(kind, DELIVERIES, view.notify[kind])]),
  ) as Record<NotificationKind, Delivery>
  return {
    ...kinds,
    emailTiming: pick('emailTiming', EMAIL_TIMINGS, view.notify.emailTiming),
    weeklyDigest: keptValue(form, 'weeklyDigest') !== '',
  }
}
