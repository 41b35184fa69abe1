import type { Payload } from 'payload'

import { channels } from '@/server/services/realtime'
import type { EmojiName } from '@/rules/targets'
import type { CommentView } from '@/views/comment'
import { loadThreadComments } from './comments'
import { reactionCounts } from './reactions'

/** The neighbours' posts whose own page carries reactions and a comment thread. */
export type TalkKind = 'market-item' | 'lost-found' | 'safety-alert'

const CHANNEL: Record<TalkKind, (id: number) => string> = {
  'market-item': channels.marketItem,
  'lost-found': channels.lostFound,
  'safety-alert': channels.safetyAlert,
}

/** What a post's page renders its reactions and thread from: the islands read nothing on load. */
export interface PostTalk {
  kind: TalkKind
  id: number
  /** The post's own live channel (reactions and comments on it and on its comments). */
  channel: string
  reactions: Partial<Record<EmojiName, number>>
  comments: CommentView[]
  /** The comments' reaction counts, by comment id. */
  commentReactions: Record<number, Record<string, number>>
}

export async function loadPostTalk(
  payload: Payload,
  kind: TalkKind,
  id: number,
): Promise<PostTalk> {
  const comments = await loadThreadComments(payload, kind, id)
  const [own, onComments] = await Promise.all([
    reactionCounts(payload, kind, [id]),
    reactionCounts(
      payload,
      `${kind}-comment`,
      comments.map((c) => c.id),
    ),
  ])
  return {
    kind,
    id,
    channel: CHANNEL[kind](id),
    reactions: own.get(id) ?? {},
    comments,
    commentReactions: Object.fromEntries(onComments),
  }
}
