/** Following a neighbourhood: its wording, shared by the button, its form and the server. */
export const FOLLOW_TEXT = {
  follow: 'Follow',
  following: 'Following',
  loginToFollow: 'Login to follow',
  failed: 'Follow failed.',
  notFound: 'That neighbourhood is not there.',
  followingTitle: 'Following',
  noneYet: 'You do not follow any neighbourhood yet.',
} as const

/** '1 follower', '12 followers'. */
export const followersLabel = (n: number) => `${n} ${n === 1 ? 'follower' : 'followers'}`
