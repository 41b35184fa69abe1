import { toggleOutcome, type EmojiName } from './targets'

/** What a reaction bar shows for one target: counts per emoji and the viewer's own emoji. */
export interface ReactionState {
  counts: Partial<Record<EmojiName, number>>
  mine: EmojiName | null
}

/**
 * The optimistic result of clicking `emoji` (SPEC §4: same emoji removes, another replaces,
 * none creates), so the button moves before the server answers.
 */
export function applyToggle(state: ReactionState, emoji: EmojiName): ReactionState {
  const { action, next } = toggleOutcome(state.mine, emoji)
  const counts = { ...state.counts }
  const bump = (e: EmojiName, by: number) => {
    counts[e] = Math.max(0, (counts[e] ?? 0) + by)
  }
  if (action === 'remove') bump(emoji, -1)
  if (action === 'replace') bump(state.mine!, -1)
  if (action !== 'remove') bump(emoji, 1)
  return { counts, mine: next }
}

/** SPEC §9: reads asked for within 50 ms of each other go out as one summary request. */
export const REACTION_REFRESH_BUFFER_MS = 50

/** The summary endpoint takes at most this many ids per call. */
export const SUMMARY_MAX_IDS = 200

/**
 * Collects `key`s (e.g. target ids of one kind) asked for within `delay` ms and loads them with
 * one `load(keys)` call per group of at most `max`; each caller gets its own key's answer.
 * Pure apart from the injected timer, so it is unit-tested with fake timers.
 */
export function createBatcher<G extends string, K, V>(options: {
  load: (group: G, keys: K[]) => Promise<Map<K, V>>
  delay?: number
  max?: number
  setTimer?: (fn: () => void, ms: number) => unknown
}) {
  const { load, delay = REACTION_REFRESH_BUFFER_MS, max = SUMMARY_MAX_IDS } = options
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  type Waiter = { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }
  let pending = new Map<G, Map<K, Waiter[]>>()
  let scheduled = false

  const flush = () => {
    scheduled = false
    const batch = pending
    pending = new Map()
    for (const [group, waiting] of batch) {
      const keys = [...waiting.keys()]
      for (let i = 0; i < keys.length; i += max) {
        const slice = keys.slice(i, i + max)
        load(group, slice).then(
          (answers) => {
            for (const key of slice) for (const w of waiting.get(key)!) w.resolve(answers.get(key))
          },
          (error: unknown) => {
            for (const key of slice) for (const w of waiting.get(key)!) w.reject(error)
          },
        )
      }
    }
  }

  return function request(group: G, key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      let waiting = pending.get(group)
      if (!waiting) pending.set(group, (waiting = new Map()))
      const list = waiting.get(key) ?? []
      list.push({ resolve, reject })
      waiting.set(key, list)
      if (!scheduled) {
        scheduled = true
        setTimer(flush, delay)
      }
    })
  }
}
