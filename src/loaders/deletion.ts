import { createLocalReq, type CollectionSlug, type Payload } from 'payload'

import { commentTarget } from '@collections/shared/targets'
import type { User } from '@/payload-types'
import { previewDescription } from '@/rules/localSpots'
import type { CommentTargetKind } from '@/rules/targets'
import { DELETABLE, type DeletableKind } from '@/views/deletion'
import { discussionListHref } from '@/views/discussion'
import { relId } from '@/views/media'

/** One item its author is asked about on /delete: what it is called and where to go after. */
export interface DeletionView {
  kind: DeletableKind
  id: number
  question: string
  /** The title, name or first words, so the author knows which one. */
  label: string
  /** The page the item was deleted from (its list, or the page of the commented item). */
  back: string
}

type Doc = Record<string, unknown> & { id: number }

const slugOf = (neighbourhood: unknown) =>
  neighbourhood && typeof neighbourhood === 'object'
    ? String((neighbourhood as { slug?: unknown }).slug ?? '')
    : ''

/**
 * The item as its author sees it, or null when it is not there, not visible to them or not
 * theirs (the page then says so; the API's own access rules decide the delete itself).
 */
export async function loadDeletion(
  payload: Payload,
  viewer: User,
  kind: DeletableKind,
  id: number,
): Promise<DeletionView | null> {
  const { collection, question } = DELETABLE[kind]
  const doc = (await payload.findByID({
    collection: collection as CollectionSlug,
    id,
    depth: 1,
    overrideAccess: false,
    user: viewer,
    disableErrors: true,
  })) as Doc | null
  if (!doc || doc.hidden === true || relId(doc.author as never) !== viewer.id) return null
  const slug = slugOf(doc.neighbourhood)
  const view = (label: string, back: string): DeletionView => ({
    kind,
    id,
    question,
    label: previewDescription(label, 120).text,
    back,
  })
  switch (kind) {
    case 'discussion':
      return view(String(doc.title), discussionListHref({ neighbourhoodSlug: slug || null }))
    case 'event':
      return view(String(doc.title), slug ? `/neighbourhood/${slug}/events` : '/event')
    case 'spot':
      return view(String(doc.name), `/neighbourhood/${slug}/local-spots`)
    case 'comment': {
      const req = await createLocalReq({ user: { ...viewer, collection: 'users' } }, payload)
      const target = await commentTarget(
        req,
        doc.targetKind as CommentTargetKind,
        Number(doc.targetId),
      )
      return target ? view(String(doc.content), target.link.replace(/#.*$/, '')) : null
    }
  }
}
