import { atom } from 'nanostores'

import { cleanQuery, SUGGEST_MIN_LENGTH } from '@/rules/search'
import type { SearchSuggestion } from '@/views/search'
import { send } from '@widgets/lib/client'

/** Suggestions wait this long after the last key, so a word typed fast is one request. */
export const SUGGEST_DEBOUNCE_MS = 200

export const $suggestions = atom<SearchSuggestion[]>([])
/** The highlighted suggestion (-1: none, Enter sends the form). */
export const $active = atom(-1)
export const $open = atom(false)

let timer: ReturnType<typeof setTimeout> | undefined
let asked = 0

/** Asks for suggestions once typing pauses; only the latest answer is shown. */
export function typed(value: string) {
  clearTimeout(timer)
  const q = cleanQuery(value)
  if (q.length < SUGGEST_MIN_LENGTH) {
    close()
    $suggestions.set([])
    return
  }
  timer = setTimeout(async () => {
    const mine = ++asked
    try {
      const { suggestions } = await send('search.suggest', { q })
      if (mine !== asked) return
      $suggestions.set(suggestions)
      $active.set(-1)
      $open.set(suggestions.length > 0)
    } catch {
      // Suggestions are a help: the form still searches.
      if (mine === asked) close()
    }
  }, SUGGEST_DEBOUNCE_MS)
}

export function close() {
  $open.set(false)
  $active.set(-1)
}

/** Arrow keys move through the list and wrap around. */
export function move(step: 1 | -1) {
  const count = $suggestions.get().length
  if (!count) return
  $open.set(true)
  const current = $active.get()
  const from = current === -1 && step === -1 ? count : current
  $active.set((from + step + count) % count)
}
