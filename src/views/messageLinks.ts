/**
 * The link that starts a conversation with a member, or asks them about one of their reviews
 * or market items ('Message the seller').
 * Apart from the rest of the messages' views: a review card links here on every neighbourhood
 * page and must not pull the conversation's code with it.
 */
export const newMessageHref = (to: { userName: string } | { review: number } | { item: number }) =>
  'review' in to
    ? `/messages/new?review=${to.review}`
    : 'item' in to
      ? `/messages/new?item=${to.item}`
      : `/messages/new?to=${encodeURIComponent(to.userName)}`
