/** Thrown when the queue in front of the upstream is full: answered 429. */
export class QueueFull extends Error {}

/**
 * Runs tasks one after another with at least `intervalMs` between their starts (Nominatim's
 * usage policy: at most one request per second). Callers wait in line; when `maxWaiting` are
 * already waiting, a new caller is refused at once instead of waiting for many seconds.
 */
export class Spacing {
  private last = -Infinity
  private tail: Promise<unknown> = Promise.resolve()
  private waiting = 0

  constructor(
    private readonly intervalMs: number,
    private readonly maxWaiting: number,
  ) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxWaiting) return Promise.reject(new QueueFull())
    this.waiting += 1
    const turn = this.tail.then(async () => {
      // A monotonic clock: a wall clock set back would otherwise hold the queue for that long.
      const wait = Math.min(this.intervalMs, this.last + this.intervalMs - performance.now())
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      this.last = performance.now()
      this.waiting -= 1
    })
    // The next caller waits for this one's start, not for its answer.
    this.tail = turn
    return turn.then(task)
  }
}
