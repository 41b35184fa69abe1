import { atom, onMount } from 'nanostores'

import { COMPARE_MAX, COMPARE_TEXT } from '@/rules/compare'

/** A neighbourhood picked to compare: its slug for the address, its name for the tray. */
export interface ComparePick {
  slug: string
  name: string
}

const KEY = 'belong:compare'

/** Only what looks like picks survives a read (the stored text may be old or edited). */
function readStored(): ComparePick[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    if (!Array.isArray(value)) return []
    return value
      .filter(
        (p): p is ComparePick =>
          typeof p?.slug === 'string' && typeof p?.name === 'string' && p.slug !== '',
      )
      .slice(0, COMPARE_MAX)
  } catch {
    return []
  }
}

/** The tray, shared by every toggle and the tray on the page, kept in localStorage. */
export const $compare = atom<ComparePick[]>([])
/** A short note for the tray's live region ('up to 3'), cleared by the next change. */
export const $compareNote = atom('')

onMount($compare, () => {
  // Server rendering (prerendered cards) has no browser storage: the tray starts empty there.
  if (typeof window === 'undefined') return
  $compare.set(readStored())
  // Another tab changed the tray: follow it.
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) $compare.set(readStored())
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
})

function save(picks: ComparePick[]) {
  $compare.set(picks)
  $compareNote.set('')
  try {
    localStorage.setItem(KEY, JSON.stringify(picks))
  } catch {
    // Private mode or a full store: the tray still works on this page.
  }
}

export const isPicked = (picks: ComparePick[], slug: string) => picks.some((p) => p.slug === slug)

/** Adds or removes a neighbourhood; a fourth is refused with a note. True when it is now in. */
export function toggleCompare(pick: ComparePick): boolean {
  const picks = $compare.get()
  if (isPicked(picks, pick.slug)) {
    save(picks.filter((p) => p.slug !== pick.slug))
    return false
  }
  if (picks.length >= COMPARE_MAX) {
    $compareNote.set(COMPARE_TEXT.full)
    return false
  }
  save([...picks, pick])
  return true
}

export const removeFromCompare = (slug: string) =>
  save($compare.get().filter((p) => p.slug !== slug))

export const clearCompare = () => save([])
