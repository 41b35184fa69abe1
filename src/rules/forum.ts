/** The kinds of post the community forum mixes, each with its own tab. */
export const FORUM_TYPES = ['discussion', 'event', 'story', 'poll'] as const
export type ForumType = (typeof FORUM_TYPES)[number]
