/**
 * One table for every kind of thing people react to or comment on (SPEC §4). A new target kind
 * is one entry here.
 */
export const EMOJI = {
  heart: '❤️',
  'thumbs-up': '👍',
  'thumbs-down': '👎',
  fire: '🔥',
} as const
export type EmojiName = keyof typeof EMOJI

/** A comment as a reaction target: what it comments on and the emojis that thing's comments take. */
const commentOn = <const On extends string, const E extends readonly EmojiName[]>(
  on: On,
  emojis: E,
) => ({ collection: 'comments', commentOn: on, emojis, noun: 'comment' }) as const

export const REACTION_TARGETS = {
  review: { collection: 'reviews', emojis: ['heart', 'thumbs-up', 'thumbs-down'], noun: 'review' },
  'review-comment': commentOn('review', ['heart', 'thumbs-up', 'thumbs-down']),
  story: { collection: 'stories', emojis: ['heart', 'thumbs-up'], noun: 'story' },
  'story-comment': commentOn('story', ['heart', 'thumbs-up']),
  discussion: { collection: 'discussions', emojis: ['heart', 'thumbs-up'], noun: 'discussion' },
  'discussion-comment': commentOn('discussion', ['heart', 'thumbs-up']),
  'local-business': {
    collection: 'local-businesses',
    emojis: ['heart', 'fire', 'thumbs-up'],
    noun: 'local spot',
  },
  'market-item': { collection: 'market-items', emojis: ['heart', 'thumbs-up'], noun: 'item' },
  'market-item-comment': commentOn('market-item', ['heart', 'thumbs-up']),
  'lost-found': {
    collection: 'lost-found-posts',
    emojis: ['heart', 'thumbs-up'],
    noun: 'lost and found post',
  },
  'lost-found-comment': commentOn('lost-found', ['heart', 'thumbs-up']),
  'safety-alert': { collection: 'safety-alerts', emojis: ['heart', 'thumbs-up'], noun: 'alert' },
  'safety-alert-comment': commentOn('safety-alert', ['heart', 'thumbs-up']),
} as const satisfies Record<
  string,
  { collection: string; emojis: readonly EmojiName[]; noun: string; commentOn?: string }
>
export type ReactionTargetKind = keyof typeof REACTION_TARGETS
export const REACTION_TARGET_KINDS = Object.keys(REACTION_TARGETS) as ReactionTargetKind[]

export const COMMENT_TARGETS = {
  review: { collection: 'reviews', noun: 'review' },
  story: { collection: 'stories', noun: 'story' },
  discussion: { collection: 'discussions', noun: 'discussion' },
  'market-item': { collection: 'market-items', noun: 'item' },
  'lost-found': { collection: 'lost-found-posts', noun: 'lost and found post' },
  'safety-alert': { collection: 'safety-alerts', noun: 'alert' },
} as const
export type CommentTargetKind = keyof typeof COMMENT_TARGETS
export const COMMENT_TARGET_KINDS = Object.keys(COMMENT_TARGETS) as CommentTargetKind[]

/**
 * What members can report: every reaction target, plus events, polls and profiles. `owner` is
 * the field naming whose it is; a profile cannot be hidden (editors suspend its member instead).
 */
export const REPORT_TARGETS = {
  review: { collection: 'reviews', owner: 'user', noun: 'review' },
  'review-comment': { collection: 'comments', owner: 'author', noun: 'comment' },
  story: { collection: 'stories', owner: 'author', noun: 'story' },
  'story-comment': { collection: 'comments', owner: 'author', noun: 'comment' },
  discussion: { collection: 'discussions', owner: 'author', noun: 'discussion' },
  'discussion-comment': { collection: 'comments', owner: 'author', noun: 'comment' },
  // Comments on the neighbours' posts (the posts themselves are reported as their own kinds).
  'market-item-comment': { collection: 'comments', owner: 'author', noun: 'comment' },
  'lost-found-comment': { collection: 'comments', owner: 'author', noun: 'comment' },
  'safety-alert-comment': { collection: 'comments', owner: 'author', noun: 'comment' },
  event: { collection: 'events', owner: 'author', noun: 'event' },
  poll: { collection: 'polls', owner: 'author', noun: 'poll' },
  'local-business': { collection: 'local-businesses', owner: 'author', noun: 'local spot' },
  'safety-alert': { collection: 'safety-alerts', owner: 'author', noun: 'safety alert' },
  'lost-found': { collection: 'lost-found-posts', owner: 'author', noun: 'lost and found post' },
  'market-item': { collection: 'market-items', owner: 'author', noun: 'market item' },
  profile: { collection: 'users', owner: 'id', noun: 'profile' },
  // Reported only from its conversation (messages.report): staff see it, with the five before.
  message: { collection: 'messages', owner: 'sender', noun: 'message' },
} as const satisfies Record<string, { collection: string; owner: string; noun: string }>
export type ReportTargetKind = keyof typeof REPORT_TARGETS
export const REPORT_TARGET_KINDS = Object.keys(REPORT_TARGETS) as ReportTargetKind[]
/** A profile or a private message is not hidden: editors suspend its member instead. */
export const canBeHidden = (kind: ReportTargetKind) => kind !== 'profile' && kind !== 'message'

/** SPEC §9: comment nesting depth 2 (a comment, a reply, a reply to a reply). */
export const MAX_COMMENT_DEPTH = 2

export function allowedEmojis(kind: ReactionTargetKind): readonly EmojiName[] {
  return REACTION_TARGETS[kind].emojis
}

/** SPEC §4 toggle: same emoji removes, a different one replaces, none creates. */
export function toggleOutcome<T extends string>(
  current: T | null,
  chosen: T,
): { action: 'create' | 'replace' | 'remove'; next: T | null } {
  if (current === null) return { action: 'create', next: chosen }
  if (current === chosen) return { action: 'remove', next: null }
  return { action: 'replace', next: chosen }
}
