import { useEffect } from 'react'

import type { ReactionState } from '@/rules/reactionCounts'
import { MESSAGES } from '@/rules/messages'
import { allowedEmojis, EMOJI, type EmojiName, type ReactionTargetKind } from '@/rules/targets'
import { formAction } from '@/views/forms'
import { Emoji } from '@widgets/lib/Emoji'
import { $session, loadSession } from '@widgets/lib/session'
import { toast } from '@widgets/lib/toast'
import { useStoreKey } from '@widgets/lib/useStoreKey'
import './Reactions.css'
import {
  $reactions,
  reactionKey,
  readMyReaction,
  refreshReactions,
  seedReactions,
  toggleReaction,
  watchReactions,
} from './store'

export interface ReactionsProps {
  targetKind: ReactionTargetKind
  targetId: number
  /** Defaults to the kind's emojis (SPEC §9). */
  emojis?: readonly EmojiName[]
  /** Counts known when the page was rendered; the bar shows them at once, then re-reads. */
  initial?: { counts: Partial<Record<EmojiName, number>>; mine?: EmojiName | null }
  /** The target's live channel (e.g. neighbourhood-{id} for reviews and review comments). */
  channel?: string
  /** Names the group for screen readers, e.g. "Reactions to Priya's review". */
  label?: string
  /** Signed-out message; defaults by kind (SPEC §8: local spots say 'Login to react.'). */
  loginMessage?: string
}

export const EMOJI_LABEL: Record<EmojiName, string> = {
  heart: 'Heart',
  'thumbs-up': 'Thumbs up',
  'thumbs-down': 'Thumbs down',
  fire: 'Fire',
}

const reactionsLabel = (emoji: EmojiName, n: number) =>
  `${EMOJI_LABEL[emoji]}, ${n} ${n === 1 ? 'reaction' : 'reactions'}`

/**
 * One emoji reaction bar for any target kind (SPEC §4): a button per emoji with its count,
 * pressed for the viewer's own. Many bars on a page share one store, batched reads and one
 * subscription per channel (widgets/Reactions/store.ts).
 */
export default function Reactions({
  targetKind,
  targetId,
  emojis = allowedEmojis(targetKind),
  initial,
  channel,
  label = 'Reactions',
  loginMessage = targetKind === 'local-business' ? 'Login to react.' : MESSAGES.loginToReact,
}: ReactionsProps) {
  const key = reactionKey(targetKind, targetId)
  // Seeded before the bar subscribes (in the browser only: on the server the store is shared by
  // every request), so showing the counts the page came with draws nothing again.
  if (initial && typeof window !== 'undefined')
    seedReactions(targetKind, targetId, { counts: initial.counts, mine: initial.mine ?? null })
  const state: ReactionState = useStoreKey($reactions, key) ?? {
    counts: initial?.counts ?? {},
    mine: initial?.mine ?? null,
  }

  const live = Boolean(initial && channel)
  useEffect(() => {
    void loadSession()
    // The viewer's own emoji is not in a prerendered page. Counts it came with stay current
    // through the channel (re-read when it says they changed); others are read here.
    if (live) void readMyReaction(targetKind, targetId)
    else void refreshReactions(targetKind, targetId)
  }, [targetKind, targetId, live])

  useEffect(() => {
    if (!channel) return
    return watchReactions(channel, targetKind, targetId)
  }, [channel, targetKind, targetId])

  const react = async (emoji: EmojiName) => {
    // Read when pressed: nothing the bar draws depends on the session.
    const current = $session.get()
    const s = current.status === 'loading' ? await loadSession() : current
    if (s.status !== 'signed-in') {
      toast.error(loginMessage, { id: 'login-to-react' })
      return
    }
    try {
      await toggleReaction(targetKind, targetId, emoji)
    } catch (e) {
      // SPEC §8: reaction errors are logged; the bar has already gone back.
      console.warn('Reaction failed', e)
      if ((e as { status?: number }).status === 401)
        toast.error(loginMessage, { id: 'login-to-react' })
    }
  }

  return (
    // A small form: before or without JavaScript each button posts its emoji to the server.
    <form
      className="reactions"
      role="group"
      aria-label={label}
      method="post"
      action={formAction('reaction')}
    >
      <input type="hidden" name="targetKind" value={targetKind} />
      <input type="hidden" name="targetId" value={targetId} />
      {emojis.map((emoji) => {
        const n = state.counts[emoji] ?? 0
        const mine = state.mine === emoji
        return (
          <button
            key={emoji}
            type="submit"
            name="emoji"
            value={emoji}
            className="pill reaction"
            aria-pressed={mine}
            aria-label={reactionsLabel(emoji, n)}
            title={EMOJI_LABEL[emoji]}
            onClick={(e) => {
              e.preventDefault()
              void react(emoji)
            }}
          >
            <Emoji char={EMOJI[emoji]} />
            <span className="reaction-count" aria-hidden="true">
              {n}
            </span>
          </button>
        )
      })}
    </form>
  )
}
