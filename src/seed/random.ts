// Seeded PRNG so the demo data is identical on every run and every machine.
// mulberry32: tiny, fast and plenty random for fake reviews (not for anything secret).

export const DEFAULT_SEED = 20250601

export type Rng = {
  seed: number
  /** Float in [0, 1). */
  next: () => number
  /** Integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number
  /** Float in [min, max). */
  float: (min: number, max: number) => number
  chance: (probability: number) => boolean
  pick: <T>(items: readonly T[]) => T
  /** Pick by relative weights; weights need not sum to 1. */
  weighted: <T>(entries: readonly (readonly [T, number])[]) => T
  /** New shuffled array; the input is left alone. */
  shuffle: <T>(items: readonly T[]) => T[]
  /** Up to n distinct items, in random order. */
  sample: <T>(items: readonly T[], n: number) => T[]
  /** Independent stream named by label, so adding draws in one place doesn't shift another. */
  fork: (label: string) => Rng
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** FNV-1a, used to turn a fork label into a seed. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

export function createRng(seed: number = DEFAULT_SEED): Rng {
  const next = mulberry32(seed)

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick() from an empty list')
    return items[Math.floor(next() * items.length)] as T
  }

  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[out[i], out[j]] = [out[j] as T, out[i] as T]
    }
    return out
  }

  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((sum, [, w]) => sum + w, 0)
    let roll = next() * total
    for (const [item, w] of entries) {
      roll -= w
      if (roll < 0) return item
    }
    const last = entries[entries.length - 1]
    if (!last) throw new Error('weighted() from an empty list')
    return last[0]
  }

  return {
    seed,
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick,
    weighted,
    shuffle,
    sample: (items, n) => shuffle(items).slice(0, Math.max(0, n)),
    fork: (label) => createRng(hashString(label, seed)),
  }
}
