import pg from 'pg'

type Handler = (payload: string) => void

/**
 * One LISTEN connection per process for the notifications that cross app instances (stale
 * pages, pages rewritten). It reconnects by itself after the database restarts, and then calls
 * every handler with 'resync': whatever was notified while it was away must be re-read.
 */
export class ChangeListener {
  private client: pg.Client | undefined
  private readonly handlers = new Map<string, Set<Handler>>()
  private stopped = false
  private retryMs = 250
  private retrying = false

  constructor(
    private readonly connectionString: string,
    private readonly log: (line: string) => void,
  ) {}

  on(channel: string, handler: Handler): void {
    const set = this.handlers.get(channel) ?? new Set()
    set.add(handler)
    this.handlers.set(channel, set)
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString })
    client.on('notification', (n) => this.dispatch(n.channel, n.payload ?? ''))
    client.on('error', () => {})
    try {
      await client.connect()
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    client.on('end', () => this.reconnect())
    this.client = client
    this.retryMs = 250
  }

  async stop(): Promise<void> {
    this.stopped = true
    await this.client?.end().catch(() => {})
  }

  private dispatch(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(payload)
      } catch (error) {
        this.log(`changes: ${channel} handler failed: ${String(error)}`)
      }
    }
  }

  private reconnect(): void {
    this.client = undefined
    if (this.stopped || this.retrying) return
    this.retrying = true
    setTimeout(() => {
      this.retrying = false
      if (this.stopped) return
      this.start().then(
        () => {
          for (const channel of this.handlers.keys()) this.dispatch(channel, 'resync')
        },
        () => {
          this.retryMs = Math.min(this.retryMs * 2, 5000)
          this.reconnect()
        },
      )
    }, this.retryMs).unref()
  }
}
