import type { Pool } from 'pg'

export interface ReplicaHealthOptions {
  /** The primary's pool: where the WAL position replicas are measured against is read. */
  primary: Pool
  replicas: readonly Pool[]
  /** A replica that has not replayed what the primary had written this long ago is left out. */
  maxLagMs: number
  /** How often every replica is checked (1 s). */
  intervalMs?: number
  /** Names for the log (host:port, never a password), in the order of `replicas`. */
  names?: readonly string[]
  /** A replica left out, or taken back. */
  log: (line: string) => void
}

/** The primary's WAL position at one moment. */
interface Sample {
  at: number
  lsn: bigint
}

const NOT_CHECKED = 'not checked yet'

// Positions as byte counts (text: numeric does not fit a JavaScript number).
const PRIMARY_POSITION = `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS lsn`
const REPLAYED_POSITION = `SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')::text AS lsn`

/**
 * Which read replicas may be read from: those that answered their last check and had replayed
 * at least what the primary had written `maxLagMs` ago (its WAL position is sampled at every
 * round, so the lag is measured in time, and an idle pair is never "behind"). Every replica is
 * left out until its first check, and again at once when its pool reports a lost connection.
 * Without an answer from the primary, lag cannot be measured: an answering replica is used.
 */
export class ReplicaHealth {
  private readonly usable: boolean[]
  private readonly reasons: (string | undefined)[]
  private readonly checking: boolean[]
  private samples: Sample[] = []
  private timer: NodeJS.Timeout | undefined
  private round: Promise<void> | undefined
  private readonly intervalMs: number
  /** How long one query may take before its server counts as not answering. */
  private readonly timeoutMs: number

  constructor(private readonly options: ReplicaHealthOptions) {
    this.intervalMs = options.intervalMs ?? 1000
    this.timeoutMs = Math.max(1000, this.intervalMs)
    this.usable = options.replicas.map(() => false)
    this.reasons = options.replicas.map(() => NOT_CHECKED)
    this.checking = options.replicas.map(() => false)
  }

  /** Checks now, then every interval (the timer never keeps the process alive). */
  start(): void {
    if (this.timer) return
    void this.checkNow()
    this.timer = setInterval(() => void this.checkNow(), this.intervalMs).unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  /** Whether replica `index` may be read from now. */
  isUsable(index: number): boolean {
    return this.usable[index] === true
  }

  /** How many replicas may be read from now. */
  get usableCount(): number {
    return this.usable.filter(Boolean).length
  }

  /** Leaves replica `index` out until its next good check (its pool lost a connection). */
  markDown(index: number, reason: string): void {
    this.set(index, false, reason)
  }

  /** One round of checks (the one under way, if any). */
  checkNow(): Promise<void> {
    this.round ??= this.checkAll().finally(() => (this.round = undefined))
    return this.round
  }

  private async checkAll(): Promise<void> {
    const now = Date.now()
    try {
      const { rows } = await within(
        this.options.primary.query<{ lsn: string }>(PRIMARY_POSITION),
        this.timeoutMs,
      )
      this.samples.push({ at: now, lsn: BigInt(rows[0]!.lsn) })
    } catch {
      // The primary is down or busy: judge the replicas by their answers alone meanwhile.
    }
    this.samples = this.samples.filter((s) => now - s.at <= this.options.maxLagMs)
    // The oldest position within the allowed lag: a replica that has replayed it is recent enough.
    const needed = this.samples[0]?.lsn
    await Promise.all(this.options.replicas.map((_, index) => this.checkOne(index, needed)))
  }

  private async checkOne(index: number, needed: bigint | undefined): Promise<void> {
    // A check still waiting (an unreachable host) is not doubled; it was left out on its timeout.
    if (this.checking[index]) return
    this.checking[index] = true
    const query = this.options.replicas[index]!.query<{ lsn: string | null }>(REPLAYED_POSITION)
    void query.then(
      () => (this.checking[index] = false),
      () => (this.checking[index] = false),
    )
    try {
      const { rows } = await within(query, this.timeoutMs)
      const replayed = rows[0]?.lsn
      // Not a standby (no replay position): nothing to measure, its answer is enough.
      if (replayed === null || replayed === undefined || needed === undefined)
        return this.set(index, true)
      if (BigInt(replayed) >= needed) return this.set(index, true)
      this.set(index, false, `more than ${this.options.maxLagMs} ms behind the primary`)
    } catch (error) {
      this.set(index, false, `no answer (${(error as Error).message})`)
    }
  }

  private set(index: number, usable: boolean, reason?: string): void {
    const was = this.usable[index]
    const before = this.reasons[index]
    this.usable[index] = usable
    this.reasons[index] = reason
    const name = this.options.names?.[index] ?? `#${index + 1}`
    // A good first check is no news; a bad one, leaving, and coming back are.
    const first = before === NOT_CHECKED
    if (!usable && (was || first)) this.options.log(`read replica ${name} left out: ${reason}`)
    else if (usable && !was && !first) this.options.log(`read replica ${name} is read from again`)
  }
}

/** `work`'s answer, or a rejection after `ms` (`work` goes on; its outcome is then ignored). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}
