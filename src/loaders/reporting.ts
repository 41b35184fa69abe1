import { createLocalReq, type CollectionSlug, type Payload } from 'payload'

import { commentTarget } from '@collections/shared/targets'
import type { User } from '@/payload-types'
import { previewDescription } from '@/rules/localSpots'
import { REPORT_TARGETS, type CommentTargetKind, type ReportTargetKind } from '@/rules/targets'

/** The item a report page is about: a few words of it, and the page it is on. */
export interface ReportedItem {
  kind: ReportTargetKind
  id: number
  noun: string
  label: string
  back: string
}

type Doc = Record<string, unknown> & { id: number }

const slugOf = (n: unknown) =>
  n && typeof n === 'object' ? String((n as { slug?: unknown }).slug ?? '') : ''

/** The item as the reader may see it, or null (not there, hidden, private). */
export async function loadReportedItem(
  payload: Payload,
  viewer: User,
  kind: ReportTargetKind,
  id: number,
): Promise<ReportedItem | null> {
  const { collection, noun } = REPORT_TARGETS[kind]
  const doc = (await payload.findByID({
    collection: collection as CollectionSlug,
    id,
    depth: 1,
    overrideAccess: false,
    user: viewer,
    disableErrors: true,
  })) as Doc | null
  if (!doc || doc.hidden === true) return null
  const item = (label: unknown, back: string): ReportedItem => ({
    kind,
    id,
    noun,
    label: previewDescription(String(label ?? ''), 160).text,
    back,
  })
  const slug = slugOf(doc.neighbourhood)
  switch (kind) {
    case 'review':
      return item(doc.comment, `/neighbourhood/${slug}#review-${id}`)
    case 'story':
      return item(doc.title, `/neighbourhood/${slug}/stories/${id}`)
    case 'discussion':
      return item(doc.title, `/discussions/${id}`)
    case 'event':
      return item(doc.title, slug ? `/neighbourhood/${slug}/events` : '/event')
    case 'poll':
      return item(doc.question, `/polls/${id}`)
    case 'local-business':
      return item(doc.name, `/neighbourhood/${slug}/local-spots`)
    case 'profile':
      return doc.userName ? item(doc.userName, `/profile/${String(doc.userName)}`) : null
    default: {
      const on = kind.replace('-comment', '') as CommentTargetKind
      if (doc.targetKind !== on) return null
      const req = await createLocalReq({ user: { ...viewer, collection: 'users' } }, payload)
      const target = await commentTarget(req, on, Number(doc.targetId))
      return target ? item(doc.content, target.link) : null
    }
  }
}
