import { describe, expect, it } from 'vitest'

import { AppHub, type Subscriber } from '@/realtime/hub'

/** A subscriber that keeps what the hub sends it. */
function listener(id: string): Subscriber & { frames: { event: string; data: unknown }[] } {
  const frames: { event: string; data: unknown }[] = []
  return {
    socketId: id,
    channels: new Map(),
    frames,
    send: (text) => {
      const frame = JSON.parse(text) as { event: string; data: string }
      frames.push({ event: frame.event, data: JSON.parse(frame.data) })
    },
  }
}

const subscribed = (hub: AppHub, channel: string) => {
  const sub = listener(`s${Math.random()}`)
  hub.subscribe(sub, channel)
  return sub.frames.at(-1)!.data as {
    quiet_since: number
    quiet_events: Record<string, number>
    quiet_base: number
  }
}

describe('what a subscriber learns of its channel’s news', () => {
  it('names the last time of each event published on the channel, and nothing of others', () => {
    const hub = new AppHub()
    const start = subscribed(hub, 'story-1')
    expect(start.quiet_events).toEqual({})
    expect(start.quiet_since).toBe(start.quiet_base)

    hub.publish(['story-1'], 'comment.created', '{}')
    const after = subscribed(hub, 'story-1')
    expect(Object.keys(after.quiet_events)).toEqual(['comment.created'])
    expect(after.quiet_events['comment.created']).toBeGreaterThanOrEqual(start.quiet_base)
    expect(after.quiet_since).toBe(after.quiet_events['comment.created'])
    // An event not named (reactions here) was last sent at or before quiet_base.
    expect(after.quiet_events['reaction.changed']).toBeUndefined()
    expect(after.quiet_base).toBe(start.quiet_base)

    hub.publish(['story-1'], 'reaction.changed', '{}')
    expect(Object.keys(subscribed(hub, 'story-1').quiet_events).sort()).toEqual([
      'comment.created',
      'reaction.changed',
    ])
    // Another channel's news is not this one's.
    expect(subscribed(hub, 'story-2').quiet_events).toEqual({})
  })
})
