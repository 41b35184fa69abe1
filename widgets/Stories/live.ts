import { map } from 'nanostores'

import { whenSubscribed } from '@widgets/lib/realtime'

// Apart from the story form's store (./store.ts): the story page loads this without the form's
// schema (zod).
/** Live state of each story channel on the page: true once subscribed (tests and UI read it). */
export const $storyLive = map<Record<string, boolean>>({})

/**
 * Marks `channel` live once the page's subscription to it succeeds. The reactions bar and the
 * comments thread hold the real subscriptions; this only watches.
 */
export function watchStoryChannel(channel: string): () => void {
  const release = whenSubscribed(channel, () => $storyLive.setKey(channel, true))
  return () => {
    release()
    $storyLive.setKey(channel, false)
  }
}
