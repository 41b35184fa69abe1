import type { CollectionSlug, PayloadRequest } from 'payload'

import { conversationsExport, type ExportedConversation } from '@/data/conversations'
import type { User } from '@/payload-types'
import { EXPORT_ROW_LIMIT } from '@/rules/settings'
import { pgPool } from '@/server/database/db'

/** Each kind of the export: its collection and the field naming the member in it. */
const KINDS = [
  ['reviews', 'reviews', 'user'],
  ['stories', 'stories', 'author'],
  ['discussions', 'discussions', 'author'],
  ['events', 'events', 'author'],
  ['polls', 'polls', 'author'],
  ['localSpots', 'local-businesses', 'author'],
  ['marketItems', 'market-items', 'author'],
  ['safetyAlerts', 'safety-alerts', 'author'],
  ['lostFound', 'lost-found-posts', 'author'],
  ['neighbourhoods', 'neighbourhoods', 'createdBy'],
  ['comments', 'comments', 'author'],
  ['reactions', 'reactions', 'user'],
  ['pollVotes', 'poll-votes', 'user'],
  ['rsvps', 'event-rsvps', 'user'],
  ['follows', 'follows', 'user'],
  ['badges', 'user-badges', 'user'],
  ['notifications', 'notifications', 'user'],
  ['uploads', 'media', 'uploadedBy'],
] as const satisfies readonly (readonly [string, CollectionSlug, string])[]

type KindName = (typeof KINDS)[number][0]

export interface AccountExport {
  exportedAt: string
  profile: Record<string, unknown>
  /** Kinds that reached the limit of rows per kind (EXPORT_ROW_LIMIT): the file holds the newest. */
  truncated: (KindName | 'conversations')[]
  data: Record<KindName, unknown[]>
  /** Private conversations: the member's own messages and the other side's. */
  conversations: ExportedConversation[]
}

/**
 * Everything the member wrote and their settings, built on request (GET /api/users/me/export)
 * from Local API reads of their own rows: one read per kind, at most EXPORT_ROW_LIMIT rows each,
 * newest first, relations as ids. Private stories are included (overrideAccess: they are the
 * member's own). The profile is picked field by field, so no password hash, salt, session,
 * reset token or sign-in counter can slip in.
 */
export async function exportAccount(req: PayloadRequest, userId: number): Promise<AccountExport> {
  const user = (await req.payload.findByID({
    collection: 'users',
    id: userId,
    depth: 1,
    overrideAccess: true,
    req,
  })) as User
  const avatar = user.avatar && typeof user.avatar === 'object' ? user.avatar.url : null
  const profile = {
    id: user.id,
    email: user.email,
    emailConfirmedAt: user.emailConfirmedAt ?? null,
    userName: user.userName ?? null,
    name: user.name ?? null,
    bio: user.bio ?? null,
    avatar: avatar ?? null,
    role: user.role,
    createdAt: user.createdAt,
    notify: user.notify ?? null,
  }
  const truncated: AccountExport['truncated'] = []
  const data = {} as Record<KindName, unknown[]>
  for (const [name, collection, field] of KINDS) {
    const { docs, totalDocs } = await req.payload.find({
      collection,
      where: { [field]: { equals: userId } },
      depth: 0,
      limit: EXPORT_ROW_LIMIT,
      sort: '-createdAt',
      overrideAccess: true,
      req,
    })
    if (totalDocs > docs.length) truncated.push(name)
    data[name] = docs
  }
  const messages = await conversationsExport(pgPool(req.payload), userId, EXPORT_ROW_LIMIT)
  if (messages.truncated) truncated.push('conversations')
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, messagesFrom: user.messagesFrom ?? 'anyone' },
    truncated,
    data,
    conversations: messages.conversations,
  }
}
