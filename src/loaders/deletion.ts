import type { Payload } from 'payload'

import type { User } from '@/payload-types'
import { DELETABLE, type DeletableKind } from '@/views/deletion'
import { discussionListHref } from '@/views/discussion'
import { relId } from '@/views/media'
import { commentPage, labelOf, readAs, slugOf } from './readerItem'

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
  const doc = await readAs(payload, viewer, collection, id)
  if (!doc || relId(doc.author as never) !== viewer.id) return null
  const slug = slugOf(doc.neighbourhood)
  const view = (label: unknown, back: string | null): DeletionView | null =>
    back === null ? null : { kind, id, question, label: labelOf(label), back }
  switch (kind) {
    case 'discussion':
      return view(doc.title, discussionListHref({ neighbourhoodSlug: slug || null }))
    case 'event':
      return view(doc.title, slug ? `/neighbourhood/${slug}/events` : '/event')
    case 'spot':
      return view(doc.name, `/neighbourhood/${slug}/local-spots`)
    case 'comment':
      return view(doc.content, await commentPage(payload, viewer, doc))
  }
}
