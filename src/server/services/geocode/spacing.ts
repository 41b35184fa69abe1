/** Thrown when the queue in front of the upstream is full: answered 429. */
export class QueueFull extends Error {}

/**
 * Runs tasks one after another, each starting at least `intervalMs` after the one before it was
 * answered (Nominatim's usage policy: at most one request per second). Counted from the answer,
 * not the start, so the upstream sees the gap too: a start-to-start second could arrive there
 * as less when the first request was slow to leave. Callers wait in line; when `maxWaiting` are
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
      this.waiting -= 1
    })
    const done = turn.then(task)
    const answered = () => {
      this.last = performance.now()
    }
    this.tail = done.then(answered, answered)
    return done
  }
}
