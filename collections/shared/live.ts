import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { afterCommit } from '@/server/afterCommit'
import { publish } from '@/server/realtime'

type Doc = Record<string, unknown> & { id: number | string }

export interface LiveContent {
  /** Event prefix: `story` gives story.created / story.updated / story.deleted. */
  entity: string
  /** Public channels whose readers list this kind of content. */
  channels: (doc: Doc) => string[]
  /** Whether the public may see the document (public and not hidden). */
  visible: (doc: Doc) => boolean
  /** The fields sent to readers. */
  view: (doc: Doc) => Record<string, unknown>
}

/** Visible to the public: not hidden by staff (discussions, polls). */
export const notHidden = (doc: Doc) => doc.hidden !== true

/** Visible to the public: marked public and not hidden (stories, events). Matches read access. */
export const publicAndNotHidden = (doc: Doc) => doc.isPublic === true && doc.hidden !== true

function send(spec: LiveContent, doc: Doc, action: 'created' | 'updated' | 'deleted') {
  const data = action === 'deleted' ? { id: doc.id } : spec.view(doc)
  return Promise.all(spec.channels(doc).map((c) => publish(c, `${spec.entity}.${action}`, data)))
}

/**
 * Live pushes for community content, after the commit. Only what the public may read goes out
 * on these public channels: a private or hidden document is announced as deleted when it stops
 * being visible and as created when it becomes visible.
 */
export const publishChange =
  (spec: LiveContent): CollectionAfterChangeHook =>
  ({ doc, previousDoc, operation, req, context }) => {
    if (context.disableLive) return doc
    const now = spec.visible(doc)
    const before = operation === 'update' && Boolean(previousDoc) && spec.visible(previousDoc)
    const action = now ? (before ? 'updated' : 'created') : before ? 'deleted' : null
    if (action) afterCommit(req, () => send(spec, doc, action))
    return doc
  }

export const publishDelete =
  (spec: LiveContent): CollectionAfterDeleteHook =>
  ({ doc, req, context }) => {
    if (context.disableLive || !spec.visible(doc)) return doc
    afterCommit(req, () => send(spec, doc, 'deleted'))
    return doc
  }
