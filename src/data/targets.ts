import type { CollectionSlug, PayloadRequest } from 'payload'

import { ALERT_MESSAGES } from '@/rules/safetyAlerts'
import { relId } from '@/views/media'
import { postPath } from '@/views/report'
import { channels } from '@/server/services/realtime'
import { findVisible } from '@/server/http/requests'
import {
  COMMENT_TARGETS,
  REACTION_TARGETS,
  type CommentTargetKind,
  type ReactionTargetKind,
} from '@/rules/targets'

type Doc = Record<string, unknown> & { id: number }

export interface TargetInfo {
  doc: Doc
  /** The user who owns the target (gets notified), if any. */
  owner: number | null
  /** Public channel whose readers see reactions and comments on it live. */
  channel: string
  /** Where a notification about it leads (SPEC §2). */
  link: string
  /** Why it takes no comments or reactions now (an alert not yet verified), or null. */
  closed: string | null
}

/** The neighbours' posts: each has its own page and its own live channel. */
const OWN_CHANNEL = {
  'market-item': channels.marketItem,
  'lost-found': channels.lostFound,
  'safety-alert': channels.safetyAlert,
} as const

async function neighbourhoodSlug(req: PayloadRequest, id: unknown): Promise<string> {
  const nid = relId(id)
  if (nid === null) return ''
  const n = await req.payload.findByID({
    collection: 'neighbourhoods',
    id: nid,
    depth: 0,
    req,
    disableErrors: true,
  })
  return (n?.slug as string) ?? ''
}

/** Loads a target as the acting user may see it (hidden or private targets are not found). */
const load = async (req: PayloadRequest, collection: string, id: number): Promise<Doc | null> =>
  (await findVisible(req, collection as CollectionSlug, id)) as Doc | null

export async function commentTarget(
  req: PayloadRequest,
  kind: CommentTargetKind,
  id: number,
): Promise<TargetInfo | null> {
  const doc = await load(req, COMMENT_TARGETS[kind].collection, id)
  if (!doc) return null
  if (kind === 'market-item' || kind === 'lost-found' || kind === 'safety-alert') {
    return {
      doc,
      owner: relId(doc.author),
      channel: OWN_CHANNEL[kind](doc.id),
      link: postPath(kind, doc.id, null)!,
      closed: kind === 'safety-alert' && !doc.verifiedAt ? ALERT_MESSAGES.notYetOpen : null,
    }
  }
  if (kind === 'review') {
    const slug = await neighbourhoodSlug(req, doc.neighbourhood)
    return {
      doc,
      owner: relId(doc.user),
      channel: `neighbourhood-${relId(doc.neighbourhood)}`,
      link: postPath('review', doc.id, slug)!,
      closed: null,
    }
  }
  if (kind === 'story') {
    const slug = await neighbourhoodSlug(req, doc.neighbourhood)
    return {
      doc,
      owner: relId(doc.author),
      channel: `story-${doc.id}`,
      link: postPath('story', doc.id, slug)!,
      closed: null,
    }
  }
  return {
    doc,
    owner: relId(doc.author),
    channel: `discussion-${doc.id}`,
    link: postPath('discussion', doc.id, null)!,
    closed: null,
  }
}

export async function reactionTarget(
  req: PayloadRequest,
  kind: ReactionTargetKind,
  id: number,
): Promise<TargetInfo | null> {
  const spec = REACTION_TARGETS[kind]
  if ('commentOn' in spec) {
    const comment = await load(req, 'comments', id)
    if (!comment || comment.targetKind !== spec.commentOn) return null
    const parent = await commentTarget(req, spec.commentOn, Number(comment.targetId))
    if (!parent) return null
    const anchor = `#comment-${comment.id}`
    return {
      doc: comment,
      owner: relId(comment.author),
      channel: parent.channel,
      link: parent.link.replace(/#.*$/, '') + anchor,
      closed: parent.closed,
    }
  }
  if (kind === 'local-business') {
    const doc = await load(req, spec.collection, id)
    if (!doc) return null
    const slug = await neighbourhoodSlug(req, doc.neighbourhood)
    return {
      doc,
      owner: relId(doc.author),
      channel: `local-spots-${relId(doc.neighbourhood)}`,
      link: postPath('local-business', doc.id, slug)!,
      closed: null,
    }
  }
  return commentTarget(req, kind as CommentTargetKind, id)
}
