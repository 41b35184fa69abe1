import type {
  CollectionAfterChangeHook,
  CollectionBeforeChangeHook,
  Field,
  PayloadRequest,
} from 'payload'

import { mentionedNames } from '@/rules/mentions'
import type { CommentTargetKind } from '@/rules/targets'
import { userNameKey } from '@/rules/userName'
import { query, sql } from '@/server/database/db'
import { relId } from '@/views/media'
import { notify } from '@collections/Notifications/notify'
import { commentTarget } from '@/data/targets'

type Doc = Record<string, unknown> & { id: number }

/**
 * The user names a post mentions that belong to members (not suspended when it was saved):
 * pages and islands link exactly these; any other `@name` stays plain text. Only the server
 * writes it, from the text.
 */
export const mentionsField: Field = {
  name: 'mentions',
  type: 'json',
  access: { create: () => false, update: () => false },
  admin: { readOnly: true, position: 'sidebar' },
}

/** Members (not suspended) by user name, in any case: id and the name as they spell it. */
async function membersNamed(
  req: PayloadRequest,
  names: string[],
): Promise<{ id: number; user_name: string }[]> {
  if (!names.length) return []
  return query<{ id: number; user_name: string }>(
    req,
    sql`SELECT id, user_name FROM users
         WHERE user_name_key = ANY(${sql.param(names.map(userNameKey))}::text[])
           AND (suspended_until IS NULL OR suspended_until <= now())`,
  )
}

export interface MentionSource {
  /** The field members write in. */
  text: string
  /** The relationship naming who wrote it. */
  author: 'author' | 'user'
  /** What it is called in 'amara mentioned you in a …'. */
  noun: string
  /** The public post it is, or sits on: where the notification leads and whether it is seen. */
  place: (req: PayloadRequest, doc: Doc) => { kind: CommentTargetKind; id: number }
  /** The anchor of the post itself within that page, if any. */
  anchor?: (doc: Doc) => string
}

const shown = (doc: Record<string, unknown>) => doc.hidden !== true && doc.isPublic !== false

/**
 * @mentions of one collection: before a write, the text's mentions of members are resolved and
 * kept; after it, each mentioned member not yet told about this post is told, as they chose for
 * 'Mentions', unless the post (or what it sits on) is hidden or private, or they wrote it. An
 * edit tells only members it newly mentions.
 */
export function mentionHooks(collection: string, source: MentionSource) {
  const beforeChange: CollectionBeforeChangeHook = async ({ data, req }) => {
    const text = data[source.text]
    if (typeof text !== 'string') return data
    const members = await membersNamed(req, mentionedNames(text))
    const byKey = new Map(members.map((m) => [userNameKey(m.user_name), m.user_name]))
    const mentions = mentionedNames(text)
      .map((name) => byKey.get(userNameKey(name)))
      .filter((name): name is string => name !== undefined)
    return { ...data, mentions }
  }

  const afterChange: CollectionAfterChangeHook = async ({ doc, req, context }) => {
    const names = Array.isArray(doc.mentions) ? (doc.mentions as string[]) : []
    if (!names.length || context.disableNotifications || !shown(doc)) return doc
    const place = source.place(req, doc as Doc)
    const target = await commentTarget(req, place.kind, place.id)
    if (!target || !shown(target.doc)) return doc
    const author = relId(doc[source.author])
    const reference = `${collection}:${doc.id}`
    const told = await query<{ user_id: number }>(
      req,
      sql`SELECT user_id FROM notifications WHERE type = 'mention' AND reference_id = ${reference}`,
    )
    const already = new Set(told.map((t) => t.user_id))
    const [writer] = await query<{ user_name: string | null }>(
      req,
      sql`SELECT user_name FROM users WHERE id = ${author}`,
    )
    const link = `${target.link.replace(/#.*$/, '')}${source.anchor?.(doc as Doc) ?? ''}`
    for (const member of await membersNamed(req, names)) {
      if (member.id === author || already.has(member.id)) continue
      await notify(req, {
        recipient: member.id,
        type: 'mention',
        referenceId: reference,
        link,
        message: `${writer?.user_name ?? 'Someone'} mentioned you in a ${source.noun}.`,
      })
    }
    return doc
  }

  return { beforeChange, afterChange }
}
