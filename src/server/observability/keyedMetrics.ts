import client from 'prom-client'

/**
 * A counter and a histogram for figures taken on every request: a series is found by a key the
 * caller already has and counted in place, where prom-client's own labels() builds, checks and
 * hashes a labels object on each call (4% of a cached API answer's CPU in a profile). They are
 * scraped as prom-client's are, through its registry.
 */
type Labels<L extends string> = Record<L, string>

/** One series of a KeyedCounter: kept by a caller that counts in it often. */
export interface CounterSeries<L extends string = string> {
  labels: Labels<L>
  value: number
}

export class KeyedCounter<L extends string> extends client.Counter<L> {
  private readonly series = new Map<string, CounterSeries<L>>()

  /** The series of `key`; `labels` makes its labels the first time. */
  seriesFor(key: string, labels: () => Labels<L>): CounterSeries<L> {
    let found = this.series.get(key)
    if (!found) this.series.set(key, (found = { labels: labels(), value: 0 }))
    return found
  }

  /** Adds one to the series of `key`. */
  add(key: string, labels: () => Labels<L>) {
    this.seriesFor(key, labels).value++
  }

  override async get() {
    const own = await super.get()
    return {
      ...own,
      values: [...this.series.values()].map(({ labels, value }) => ({ labels, value })),
    }
  }
}

export interface HistogramSeries<L extends string = string> {
  labels: Labels<L>
  /** Observations per bucket, not cumulative; the last one past every bound (+Inf). */
  counts: number[]
  sum: number
  count: number
}

export class KeyedHistogram<L extends string> extends client.Histogram<L> {
  private readonly series = new Map<string, HistogramSeries<L>>()
  private readonly bounds: number[]
  private readonly metricName: string
  private readonly help: string

  constructor(configuration: client.HistogramConfiguration<L> & { buckets: number[] }) {
    super(configuration)
    this.bounds = configuration.buckets
    this.metricName = configuration.name
    this.help = configuration.help
  }

  /** The series of `key`; `labels` makes its labels the first time. */
  seriesFor(key: string, labels: () => Labels<L>): HistogramSeries<L> {
    let found = this.series.get(key)
    if (!found) {
      found = { labels: labels(), counts: this.bounds.map(() => 0).concat(0), sum: 0, count: 0 }
      this.series.set(key, found)
    }
    return found
  }

  /** One observation in a series of this histogram (from seriesFor). */
  observeIn(series: HistogramSeries<L>, value: number) {
    let i = 0
    while (i < this.bounds.length && value > this.bounds[i]!) i++
    series.counts[i]!++
    series.sum += value
    series.count++
  }

  /**
   * What prom-client's get() and the registry's text format read (prom-client's own reads its
   * series, which stay empty here).
   */
  async getForPromString() {
    const bucket = `${this.metricName}_bucket`
    const values = []
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0
      for (const [i, le] of this.bounds.entries()) {
        cumulative += counts[i]!
        values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: bucket })
      }
      values.push({
        labels: { le: '+Inf' },
        sharedLabels: labels,
        value: count,
        metricName: bucket,
      })
      values.push({
        labels: {},
        sharedLabels: labels,
        value: sum,
        metricName: `${this.metricName}_sum`,
      })
      values.push({
        labels: {},
        sharedLabels: labels,
        value: count,
        metricName: `${this.metricName}_count`,
      })
    }
    return { name: this.metricName, help: this.help, type: 'histogram', aggregator: 'sum', values }
  }
}
