/**
 * Counts over the last few minutes, in one-minute slots, for the admin's site health (which
 * reads the live figures without Prometheus to take rates). Adding is an index and an increment.
 */
const SLOT_MS = 60_000

export class RecentCounts<K extends string> {
  private readonly slots: { minute: number; counts: Partial<Record<K, number>>; max: number }[]

  constructor(private readonly minutes: number) {
    this.slots = Array.from({ length: minutes }, () => ({ minute: -1, counts: {}, max: 0 }))
  }

  private slot(now: number) {
    const minute = Math.floor(now / SLOT_MS)
    const slot = this.slots[minute % this.minutes]!
    if (slot.minute !== minute) {
      slot.minute = minute
      slot.counts = {}
      slot.max = 0
    }
    return slot
  }

  /** Counts `by` under `key`; `value` feeds the window's largest value. */
  add(key: K, by = 1, value?: number, now = Date.now()) {
    const slot = this.slot(now)
    slot.counts[key] = (slot.counts[key] ?? 0) + by
    if (value !== undefined && value > slot.max) slot.max = value
  }

  /** The sums of the last `minutes` (at most the window) and the largest value seen in them. */
  read(
    minutes = this.minutes,
    now = Date.now(),
  ): { counts: Partial<Record<K, number>>; max: number } {
    const current = Math.floor(now / SLOT_MS)
    const counts: Partial<Record<K, number>> = {}
    let max = 0
    for (const slot of this.slots) {
      if (slot.minute < 0 || current - slot.minute >= Math.min(minutes, this.minutes)) continue
      for (const [key, n] of Object.entries(slot.counts) as [K, number][])
        counts[key] = (counts[key] ?? 0) + n
      if (slot.max > max) max = slot.max
    }
    return { counts, max }
  }
}
