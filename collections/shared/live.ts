import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import { afterCommit } from '@/server/database/afterCommit'
import { publish } from '@/server/services/realtime'
import { relId } from '@/views/media'

type Doc = { id: number }

/** How one collection's documents are pushed live (SPEC §7 realtime subscriptions). */
export interface LiveSpec<T extends Doc> {
  /** Event prefix: `story` gives story.created / story.updated / story.deleted. */
  entity: string
  /** The channels whose readers show this document (null entries are skipped). */
  channels: (doc: T) => (string | null)[]
  /**
   * Whether the readers of those channels may see the document (public and not hidden); a
   * document is announced as deleted when it stops being visible and created when it becomes so.
   */
  visible?: (doc: T) => boolean
  /** The fields sent; relationships go out as ids, never as populated documents. */
  fields: readonly (keyof T & string)[]
}

/** Visible to the public: not hidden by staff (reviews, discussions, local spots). */
export const notHidden = (doc: { hidden?: boolean | null }) => doc.hidden !== true

/** Visible to the public: marked public and not hidden (stories, events). Matches read access. */
export const publicAndNotHidden = (doc: { isPublic?: boolean | null; hidden?: boolean | null }) =>
  doc.isPublic === true && doc.hidden !== true

/** The channel of a related document (its neighbourhood, its user), or null when there is none. */
export const channelOf = (related: unknown, channel: (id: number) => string): string | null => {
  const id = relId(related)
  return id === null ? null : channel(id)
}

const asSent = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? relId(value)
    : (value ?? null)

function viewOf<T extends Doc>(spec: LiveSpec<T>, doc: T): Record<string, unknown> {
  const view: Record<string, unknown> = { id: doc.id }
  for (const field of spec.fields) view[field] = asSent(doc[field])
  return view
}

function send<T extends Doc>(spec: LiveSpec<T>, doc: T, action: 'created' | 'updated' | 'deleted') {
  const data = action === 'deleted' ? { id: doc.id } : viewOf(spec, doc)
  const targets = spec.channels(doc).filter((c): c is string => Boolean(c))
  return Promise.all(targets.map((c) => publish(c, `${spec.entity}.${action}`, data)))
}

/**
 * The afterChange and afterDelete hooks that push a collection's changes after the commit (a
 * rollback sends nothing). `req.context.disableLive` switches them off for bulk jobs.
 */
export function liveHooks<T extends Doc>(spec: LiveSpec<T>) {
  const visible = spec.visible ?? (() => true)
  const afterChange: CollectionAfterChangeHook<T> = ({
    doc,
    previousDoc,
    operation,
    req,
    context,
  }) => {
    if (context.disableLive) return doc
    const now = visible(doc)
    const before = operation === 'update' && Boolean(previousDoc) && visible(previousDoc)
    const action = now ? (before ? 'updated' : 'created') : before ? 'deleted' : null
    if (action) afterCommit(req, () => send(spec, doc, action))
    return doc
  }
  const afterDelete: CollectionAfterDeleteHook<T> = ({ doc, req, context }) => {
    if (context.disableLive || !visible(doc)) return doc
    afterCommit(req, () => send(spec, doc, 'deleted'))
    return doc
  }
  return { afterChange, afterDelete }
}
