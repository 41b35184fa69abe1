import { map } from 'nanostores'

import { send } from '@widgets/lib/client'
import { askPageState } from '@widgets/lib/pageState'
import { subscribeChannel } from '@widgets/lib/realtime'

/** One neighbourhood's follow state on the page: the count for everyone, `following` signed in. */
export interface FollowState {
  count: number
  /** null until known (signed out, or not read yet). */
  following: boolean | null
  busy: boolean
  /** False until the first read: the static page shows no count rather than a stale one. */
  known: boolean
}

export const $follow = map<FollowState>({ count: 0, following: null, busy: false, known: false })

/** When the count shown was read (server ms), for the channel's first re-read. */
let readAt: Promise<number | undefined> = Promise.resolve(undefined)

/**
 * Reads the count and, signed in, whether the reader follows: with the page's state the first
 * time, on its own after a reconnect.
 */
export async function readFollow(neighbourhood: number, withPage = false): Promise<void> {
  try {
    const page = withPage ? askPageState({ follow: neighbourhood }) : undefined
    if (page) readAt = page.then((state) => state.at).catch(() => undefined)
    const answer = page ? (await page).follow! : await send('follows.state', { neighbourhood })
    $follow.set({ ...$follow.get(), count: answer.count, following: answer.following, known: true })
  } catch {
    // The button keeps what it shows; the next press or live change corrects it.
  }
}

/** Follows or stops following; the server's answer is the truth (count included). */
export async function toggleFollow(neighbourhood: number): Promise<void> {
  const before = $follow.get()
  $follow.set({ ...before, busy: true })
  try {
    const answer = await send('follows.toggle', { neighbourhood })
    $follow.set({ count: answer.count, following: answer.following, busy: false, known: true })
  } catch (error) {
    $follow.set({ ...before, busy: false })
    throw error
  }
}

/** Others following or leaving change the count live (neighbourhood-{id}: follow.changed). */
export const watchFollow = (neighbourhood: number) =>
  subscribeChannel(
    `neighbourhood-${neighbourhood}`,
    {
      'follow.changed': (data: unknown) => {
        const change = data as { neighbourhood: number; count: number }
        if (change.neighbourhood === neighbourhood)
          $follow.set({ ...$follow.get(), count: change.count, known: true })
      },
    },
    () => void readFollow(neighbourhood),
    { dataAsOf: () => readAt },
  )
