import type { Payload } from 'payload'

import type { User } from '@/payload-types'
import { REPORT_TARGETS, type ReportTargetKind } from '@/rules/targets'
import { postPath } from '@/views/report'
import { commentPage, labelOf, readAs, slugOf } from './readerItem'

/** The item a report page is about: a few words of it, and the page it is on. */
export interface ReportedItem {
  kind: ReportTargetKind
  id: number
  noun: string
  label: string
  back: string
}

const LABEL: Record<ReportTargetKind, string> = {
  review: 'comment',
  story: 'title',
  discussion: 'title',
  event: 'title',
  poll: 'question',
  'local-business': 'name',
  'safety-alert': 'title',
  'lost-found': 'title',
  'market-item': 'title',
  profile: 'userName',
  message: 'body',
  'review-comment': 'content',
  'story-comment': 'content',
  'discussion-comment': 'content',
  'market-item-comment': 'content',
  'lost-found-comment': 'content',
  'safety-alert-comment': 'content',
}

/** The item as the reader may see it, or null (not there, hidden, private). */
export async function loadReportedItem(
  payload: Payload,
  viewer: User,
  kind: ReportTargetKind,
  id: number,
): Promise<ReportedItem | null> {
  const { collection, noun } = REPORT_TARGETS[kind]
  const doc = await readAs(payload, viewer, collection, id)
  if (!doc) return null
  let back = postPath(kind, id, slugOf(doc.neighbourhood))
  if (kind === 'profile') back = doc.userName ? `/profile/${String(doc.userName)}` : null
  else if (kind.endsWith('-comment'))
    back =
      doc.targetKind === kind.replace('-comment', '')
        ? await commentPage(payload, viewer, doc)
        : null
  return back === null ? null : { kind, id, noun, label: labelOf(doc[LABEL[kind]]), back }
}
