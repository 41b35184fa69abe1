import { createLocalReq, type CollectionSlug, type Payload } from 'payload'

import { commentTarget } from '@/data/targets'
import type { User } from '@/payload-types'
import { previewDescription } from '@/rules/localSpots'
import type { CommentTargetKind } from '@/rules/targets'

export type Doc = Record<string, unknown> & { id: number }

/**
 * One document as `viewer` may read it (Payload's own access, neighbourhood populated), or null
 * when it is not there, hidden or not theirs to see: what /report and /delete are about.
 */
export async function readAs(
  payload: Payload,
  viewer: User,
  collection: string,
  id: number,
): Promise<Doc | null> {
  const doc = (await payload.findByID({
    collection: collection as CollectionSlug,
    id,
    depth: 1,
    overrideAccess: false,
    user: viewer,
    disableErrors: true,
  })) as Doc | null
  return doc && doc.hidden !== true ? doc : null
}

/** The slug of a populated neighbourhood ('' without one). */
export const slugOf = (neighbourhood: unknown) =>
  neighbourhood && typeof neighbourhood === 'object'
    ? String((neighbourhood as { slug?: unknown }).slug ?? '')
    : ''

/** A few words of an item, so a person knows which one is meant. */
export const labelOf = (text: unknown) => previewDescription(String(text ?? ''), 160).text

/** The page a comment is on (the page of what it comments), or null when that is not visible. */
export async function commentPage(payload: Payload, viewer: User, comment: Doc) {
  const req = await createLocalReq({ user: { ...viewer, collection: 'users' } }, payload)
  const kind = comment.targetKind as CommentTargetKind
  const target = await commentTarget(req, kind, Number(comment.targetId))
  return target ? target.link.replace(/#.*$/, '') : null
}
