import { map } from 'nanostores'

import { realtimeClient, subscribeChannel } from '@widgets/lib/realtime'

// Apart from the story form's store (./store.ts): the story page loads this without the form's
// schema (zod).
/** Live state of each story channel on the page: true once subscribed (tests and UI read it). */
export const $storyLive = map<Record<string, boolean>>({})

/**
 * Marks `channel` live once the page's subscription to it succeeds. The reactions bar and the
 * comments thread hold the real subscriptions; this only watches (it may join after they did,
 * when pusher's success event has passed, so it also asks the client).
 */
export function watchStoryChannel(channel: string): () => void {
  let stopped = false
  const release = subscribeChannel(channel, {
    'pusher:subscription_succeeded': () => $storyLive.setKey(channel, true),
  })
  const check = () =>
    void realtimeClient().then((pusher) => {
      if (stopped) return
      if (pusher.channel(channel)?.subscribed) $storyLive.setKey(channel, true)
      else setTimeout(check, 250)
    })
  check()
  return () => {
    stopped = true
    release()
    $storyLive.setKey(channel, false)
  }
}
