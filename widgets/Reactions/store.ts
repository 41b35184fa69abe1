import { map } from 'nanostores'

import type { OutputOf } from '@/contracts/contract'
import type { reactionSummary } from '@/contracts/reactions'
import { applyToggle, createBatcher, type ReactionState } from '@/rules/reactionCounts'
import type { EmojiName, ReactionTargetKind } from '@/rules/targets'
import { send } from '@widgets/lib/client'
import { askPageState } from '@widgets/lib/pageState'
import { latestCounts, subscribeChannel } from '@widgets/lib/realtime'
import { loadSession } from '@widgets/lib/session'

/**
 * Reactions of every target shown on the page, keyed `${kind}:${id}`. Many reaction bars (one per
 * review, one per comment) share this store, one summary request per 50 ms (SPEC §9) and one
 * live subscription per channel.
 */
export const $reactions = map<Record<string, ReactionState>>({})

export const reactionKey = (kind: ReactionTargetKind, id: number) => `${kind}:${id}`

type Summary = OutputOf<typeof reactionSummary>['summaries'][number]

/** The reader's own emoji on these targets (none signed out): a small signed-in read. */
async function myReactions(kind: ReactionTargetKind, ids: number[]) {
  if ((await loadSession()).status !== 'signed-in') return new Map<number, EmojiName>()
  const answer = await send('reactions.mine', { targetKind: kind, ids: ids.join(',') })
  return new Map(answer.mine.map((m) => [m.targetId, m.emoji]))
}

const requestSummary = createBatcher<ReactionTargetKind, number, Summary>({
  load: async (kind, ids) => {
    // The counts are the same for every reader (the shared cache); the reader's own apart.
    const [answer, mine] = await Promise.all([
      send('reactions.summary', { targetKind: kind, ids: ids.join(',') }),
      myReactions(kind, ids),
    ])
    return new Map(
      answer.summaries.map((s) => [s.targetId, { ...s, mine: mine.get(s.targetId) ?? null }]),
    )
  },
})

/** Toggles in flight per key, and whether a live change arrived meanwhile. */
const inFlight = new Map<string, { count: number; stale: boolean }>()

/** Shows server-rendered (or already known) counts at once without a request. */
export function seedReactions(kind: ReactionTargetKind, id: number, state: ReactionState) {
  const key = reactionKey(kind, id)
  if (!$reactions.get()[key]) $reactions.setKey(key, state)
}

/** Re-reads one target's counts (batched with every other read in the next 50 ms). */
export async function refreshReactions(kind: ReactionTargetKind, id: number): Promise<void> {
  try {
    const s = await requestSummary(kind, id)
    const key = reactionKey(kind, id)
    // An answer that changes nothing draws nothing.
    if (s && !inFlight.get(key)?.count && !sameReactions($reactions.get()[key], s)) {
      $reactions.setKey(key, { counts: s.counts, mine: s.mine })
    }
  } catch (e) {
    // SPEC §8: reaction fetch errors are only logged.
    console.warn('Could not load reactions', kind, id, e)
  }
}

/**
 * The viewer's own emoji on a target whose counts the page came with (kept current by its
 * channel): read with the page's state, one request for every bar on the page.
 */
export async function readMyReaction(kind: ReactionTargetKind, id: number): Promise<void> {
  try {
    const state = await askPageState({ reactions: { [kind]: [id] } })
    const mine = (state.reactions?.[kind]?.[id] ?? null) as EmojiName | null
    const key = reactionKey(kind, id)
    const current = $reactions.get()[key]
    if (current && !inFlight.get(key)?.count && current.mine !== mine)
      $reactions.setKey(key, { ...current, mine })
  } catch (e) {
    console.warn('Could not load your reactions', kind, id, e)
  }
}

/**
 * SPEC §4 toggle with an optimistic update: the bar changes at once, the server's answer then
 * replaces it, a failure puts back what was there and rethrows for the caller to report.
 */
export async function toggleReaction(kind: ReactionTargetKind, id: number, emoji: EmojiName) {
  const key = reactionKey(kind, id)
  const before = $reactions.get()[key] ?? { counts: {}, mine: null }
  $reactions.setKey(key, applyToggle(before, emoji))
  const flight = inFlight.get(key) ?? { count: 0, stale: false }
  flight.count++
  inFlight.set(key, flight)
  try {
    const answer = await send('reactions.toggle', { targetKind: kind, targetId: id, emoji })
    if (flight.count === 1) $reactions.setKey(key, { counts: answer.counts, mine: answer.mine })
  } catch (e) {
    if (flight.count === 1) $reactions.setKey(key, before)
    throw e
  } finally {
    flight.count--
    if (flight.count === 0) {
      inFlight.delete(key)
      // Someone else reacted while our answer was on its way: read the settled counts.
      if (flight.stale) void refreshReactions(kind, id)
    }
  }
}

interface ChangedEvent {
  targetKind: ReactionTargetKind
  targetId: number
  counts: Partial<Record<EmojiName, number>>
}

/** Applies a live 'reaction.changed' (counts only: the viewer's own emoji stays as it is). */
export function applyReactionChanged(event: ChangedEvent) {
  const key = reactionKey(event.targetKind, Number(event.targetId))
  const flight = inFlight.get(key)
  if (flight) {
    flight.stale = true
    return
  }
  const current = $reactions.get()[key]
  if (current) $reactions.setKey(key, { counts: event.counts, mine: current.mine })
}

interface Watch {
  targets: Map<string, { kind: ReactionTargetKind; id: number; refs: number }>
  release: () => void
}
const watches = new Map<string, Watch>()

/**
 * Keeps a target live on its channel until the returned function is called. All targets on a
 * channel share one subscription; after a reconnect each of them is re-read (in one batch).
 */
export function watchReactions(channel: string, kind: ReactionTargetKind, id: number) {
  let watch = watches.get(channel)
  if (!watch) {
    const targets: Watch['targets'] = new Map()
    const release = subscribeChannel(
      channel,
      {
        'reaction.changed': latestCounts(
          (data: ChangedEvent) => reactionKey(data.targetKind, Number(data.targetId)),
          applyReactionChanged,
        ),
      },
      () => {
        for (const t of targets.values()) void refreshReactions(t.kind, t.id)
      },
    )
    watch = { targets, release }
    watches.set(channel, watch)
  }
  const key = reactionKey(kind, id)
  const target = watch.targets.get(key) ?? { kind, id, refs: 0 }
  target.refs++
  watch.targets.set(key, target)
  const w = watch
  return () => {
    target.refs--
    if (target.refs === 0) w.targets.delete(key)
    if (w.targets.size === 0) {
      w.release()
      watches.delete(channel)
    }
  }
}

function sameReactions(a: ReactionState | undefined, b: ReactionState): boolean {
  if (!a || a.mine !== b.mine) return false
  const emojis = new Set([...Object.keys(a.counts), ...Object.keys(b.counts)]) as Set<EmojiName>
  return [...emojis].every((e) => (a.counts[e] ?? 0) === (b.counts[e] ?? 0))
}
