import { command } from '@collections/shared/command'
import { followerState } from '@collections/Follows/followerCount'

/** follows.state: how many follow it, and (signed in) whether the reader does. */
export const followState = command('follows.state', ({ req, input }) =>
  followerState(req.payload, input.neighbourhood, (req.user?.id as number | undefined) ?? null),
)
