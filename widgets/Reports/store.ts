import { atom } from 'nanostores'

import type { OwnHiddenItem } from '@/views/report'
import { askPageState } from '@widgets/lib/pageState'

/**
 * The signed-in member's own posts that editors or reports have hidden (a few at most), for
 * every list on the page that shows them in place; null until read.
 */
export const $ownHidden = atom<OwnHiddenItem[] | null>(null)

let asked = false

/** They come with the page's state: one read per page, however many lists show them. */
export function loadOwnHidden() {
  if (asked) return
  asked = true
  askPageState().then(
    (state) => $ownHidden.set(state.hidden ?? []),
    // A list shown later asks again.
    () => (asked = false),
  )
}
