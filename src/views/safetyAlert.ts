import type { SafetyAlert } from '@/payload-types'
import { wallTimeToIso } from '@/rules/eventTime'
import { ALERT_CATEGORY_LABELS, isBannerTime, type AlertCategory } from '@/rules/safetyAlerts'
import { DELETED_MEMBER } from '@/rules/userName'
import { fieldId, fieldText } from './forms'
import { relId } from './media'

/** An alert as its card, its page and the neighbourhood's banner show it. */
export interface AlertView {
  id: number
  category: string
  title: string
  body: string
  happenedAt: string
  /** Rounded to ≈100 m when stored; null when no place was given. */
  place: { latitude: number; longitude: number } | null
  verifiedAt: string | null
  author: string
  /** Its author's id (null once they deleted their account): they see no Report button. */
  authorId: number | null
  createdAt: string
  href: string
}

/** Where a neighbourhood's safety alerts are listed, and where one is raised. */
export const safetyHref = (slug: string) => `/neighbourhood/${slug}/safety`
export const alertHref = (id: number) => `/safety/${id}`

const authorName = (author: SafetyAlert['author']) =>
  typeof author === 'object' && author?.userName ? author.userName : DELETED_MEMBER

export function toAlertView(doc: SafetyAlert): AlertView {
  const hasPlace = doc.latitude != null && doc.longitude != null
  return {
    id: doc.id,
    category: ALERT_CATEGORY_LABELS[doc.category],
    title: doc.title,
    body: doc.body,
    happenedAt: doc.happenedAt,
    place: hasPlace ? { latitude: Number(doc.latitude), longitude: Number(doc.longitude) } : null,
    verifiedAt: doc.verifiedAt ?? null,
    author: authorName(doc.author),
    authorId: relId(doc.author),
    createdAt: doc.createdAt,
    href: alertHref(doc.id),
  }
}

/**
 * The safety page's three lists: verified alerts still within their 48 hours, the ones waiting
 * for an editor (shown only here, marked so), and the verified ones whose time has passed.
 */
export interface SafetyLists {
  current: AlertView[]
  unverified: AlertView[]
  past: AlertView[]
}

export function sortIntoLists(alerts: AlertView[], now = Date.now()): SafetyLists {
  const lists: SafetyLists = { current: [], unverified: [], past: [] }
  for (const alert of alerts) {
    if (!alert.verifiedAt) lists.unverified.push(alert)
    else if (isBannerTime(alert.verifiedAt, now)) lists.current.push(alert)
    else lists.past.push(alert)
  }
  return lists
}

/**
 * 'Raise an alert''s fields as safety.raise takes them, read alike by the plain form's handler
 * and the island (the form's wall-clock time is London's, whatever the device's zone).
 */
export function alertInput(fields: FormData) {
  const text = (name: string) => fieldText(fields, name)
  return {
    neighbourhood: fieldId(fields, 'neighbourhood') ?? 0,
    category: text('category') as AlertCategory,
    title: text('title'),
    body: text('body'),
    happenedAt: wallTimeToIso(text('happenedAt')) ?? '',
    latitude: text('latitude'),
    longitude: text('longitude'),
  }
}
