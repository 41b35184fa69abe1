/**
 * The lists that say 'N new items — show' while open: each kind's live event
 * (`${kind}.created`, on the neighbourhood's channel) and the read that finds what the page
 * missed between its render and its subscription.
 */
export const NEW_POST_KINDS = ['market-item', 'lost-found', 'safety-alert'] as const
export type NewPostKind = (typeof NEW_POST_KINDS)[number]

/** At most this many ids come back: the bar shows a count, and more than this reads as many. */
export const NEW_POSTS_MAX = 50
