import { atom } from 'nanostores'

import { followedFirst, type HomeFeeds } from '@/views/home'
import { askPageState } from '@widgets/lib/pageState'

/**
 * The home's feeds in a signed-in member's own order (their followed neighbourhoods first), or
 * null while the static HTML's order is the one shown.
 */
export const $homeFeeds = atom<HomeFeeds | null>(null)

/**
 * The static home is rewritten whenever a feed changes; only a member's own order is read, with
 * the page's one state request.
 */
export function loadOwnOrder(rendered: HomeFeeds) {
  askPageState({ home: true }).then(
    (state) => state.followedFeeds && $homeFeeds.set(followedFirst(state.followedFeeds, rendered)),
    (error: unknown) => console.warn('home feeds: your neighbourhoods could not be read', error),
  )
}
