/**
 * config/ — what the process is configured with: the environment's settings with their local
 * defaults (env), the secrets generated on first start and kept in DATA_DIR (secrets), and the
 * server's clock (clock, with the offset tests use to move time). It imports nothing of the
 * server; every other folder may read it.
 */
import os from 'node:os'
import path from 'node:path'

/**
 * Every outside service is named here, read from the environment, with the local default
 * that `npm start` uses when nothing is set. `.env.example` documents the same names.
 */
export const env = {
  get port() {
    return Number(process.env.PORT ?? 3000)
  },
  get host() {
    return process.env.HOST ?? '0.0.0.0'
  },
  get dataDir() {
    // Known at run time only: the admin's build must not trace the whole project for it.
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR ?? '.data')
  },
  get databaseUrl() {
    return process.env.DATABASE_URL || undefined
  },
  /** Streaming standbys of DATABASE_URL for Payload's reads (comma-separated URLs); none when empty. */
  get databaseReadReplicas(): string[] {
    return (process.env.DATABASE_READ_REPLICAS ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean)
  },
  /**
   * Searches and suggestions that query PostgreSQL at once, per instance; the rest wait their
   * turn. Ranking is CPU work in the database: a bound below the pool's 10 connections leaves
   * the others to the rest of the site (and shortened the suggestions' tail in bench:search).
   */
  get searchConcurrency() {
    return Math.max(1, Number(process.env.SEARCH_CONCURRENCY ?? 6))
  },
  /** A replica further behind the primary than this is left out until it catches up. */
  get replicaMaxLagMs() {
    return Math.max(100, Number(process.env.REPLICA_MAX_LAG_MS ?? 5000))
  },
  get payloadSecret() {
    return process.env.PAYLOAD_SECRET || undefined
  },
  /** Behind nginx or a CDN: take the client address from the last X-Forwarded-For hop. */
  get trustProxy() {
    return process.env.TRUST_PROXY === 'true'
  },
  get publicUrl() {
    return process.env.PUBLIC_URL || undefined
  },
  get smtpUrl() {
    return process.env.SMTP_URL || undefined
  },
  get mailFrom() {
    return process.env.MAIL_FROM ?? 'Belong <hello@belong.local>'
  },
  /** How often the job queue looks for mail to gather and send (a cron with seconds). */
  get mailCron() {
    return process.env.MAIL_CRON ?? '*/5 * * * * *'
  },
  /** When the weekly digest goes out (a cron with seconds; Monday 08:00 server time). */
  get digestCron() {
    return process.env.DIGEST_CRON ?? '0 0 8 * * 1'
  },
  /** When the daily summaries (new market items) go out (a cron with seconds; 07:00 server time). */
  get summaryCron() {
    return process.env.SUMMARY_CRON ?? '0 0 7 * * *'
  },
  /** A job untouched this long by the instance running it died with it; it runs again. */
  get mailStaleMs() {
    return Math.max(1000, Number(process.env.MAIL_STALE_MS ?? 120_000))
  },
  /** Web Push keys: given, or made into DATA_DIR at boot (config/secrets.ts). */
  get vapid() {
    const from = this.mailFrom.match(/<([^>]+)>/)?.[1] ?? 'hello@belong.local'
    return {
      publicKey: process.env.VAPID_PUBLIC_KEY ?? '',
      privateKey: process.env.VAPID_PRIVATE_KEY ?? '',
      // Who push services may contact about our pushes: a mailto: or https: address.
      subject: process.env.VAPID_SUBJECT || `mailto:${from}`,
    }
  },
  /** Origins pushes may go to besides the browsers' push services (a local or test one). */
  get pushEndpointAllow(): string[] {
    return (process.env.PUSH_ENDPOINT_ALLOW ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean)
  },
  /** Extra processes rendering pages during a full build; default one per other core, at most 3. */
  get renderProcesses() {
    const cores = os.availableParallelism()
    return Math.max(0, Number(process.env.RENDER_PROCESSES ?? Math.min(3, cores - 1)))
  },
  /**
   * A full build of this many pages or more uses them (their start costs a few seconds), and is
   * served once its first pages are written, the rest written behind it.
   */
  get renderProcessesFrom() {
    return Math.max(1, Number(process.env.RENDER_PROCESSES_FROM ?? 500))
  },
  get seed() {
    return process.env.SEED !== 'false'
  },
  get s3() {
    const bucket = process.env.S3_BUCKET
    if (!bucket) return undefined
    return {
      bucket,
      region: process.env.S3_REGION ?? 'us-east-1',
      endpoint: process.env.S3_ENDPOINT || undefined,
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? '',
      forcePathStyle: process.env.S3_FORCE_PATH_STYLE !== 'false',
    }
  },
  /**
   * With a bucket, regenerated pages (and full builds) travel through it under this prefix, so
   * machines that share no folder serve the same pages. Without one, instances share DATA_DIR.
   */
  get sitePagesPrefix() {
    return this.s3 ? process.env.SITE_S3_PREFIX || 'site/' : undefined
  },
  /** Hosted Pusher (or any compatible server) when PUSHER_APP_ID is set; else the in-repo server. */
  get pusher() {
    const external = Boolean(process.env.PUSHER_APP_ID)
    return {
      external,
      appId: process.env.PUSHER_APP_ID ?? 'belong',
      key: process.env.PUSHER_KEY ?? 'belong-key',
      // Set by ensureSecrets at boot (generated into DATA_DIR unless given).
      secret: process.env.PUSHER_SECRET ?? '',
      cluster: process.env.PUSHER_CLUSTER ?? 'local',
      host: process.env.PUSHER_HOST || undefined,
      port: process.env.PUSHER_PORT ? Number(process.env.PUSHER_PORT) : undefined,
      useTLS: process.env.PUSHER_USE_TLS === 'true',
      /**
       * Browsers connect to the page's own origin (a front server proxies /app/ to the
       * realtime role) instead of PUSHER_HOST, which is then only where instances publish.
       */
      sameOrigin: process.env.PUSHER_SAME_ORIGIN === 'true',
    }
  },
  /** Population service (SPEC §7): POST {url}/sum. Unset: the lookup is skipped. */
  get populationUrl() {
    return process.env.POPULATION_URL?.replace(/\/+$/, '') || undefined
  },
  get populationToken() {
    return process.env.POPULATION_TOKEN || undefined
  },
  /**
   * Place search (SPEC §7) through our proxy (src/server/services/geocode): any Nominatim-compatible
   * service. Its usage policy wants an identifying User-Agent with a way to reach us.
   */
  get geocoder() {
    const url = (process.env.GEOCODER_URL || 'https://nominatim.openstreetmap.org').replace(
      /\/+$/,
      '',
    )
    const contact = process.env.PUBLIC_URL ? ` (+${process.env.PUBLIC_URL})` : ''
    return {
      url,
      reverseUrl: process.env.REVERSE_GEOCODER_URL?.replace(/\/+$/, '') || url,
      userAgent: process.env.GEOCODER_USER_AGENT || `Belong/0.1${contact}`,
      timeoutMs: Number(process.env.GEOCODER_TIMEOUT_MS ?? 5000),
    }
  },
  /**
   * External sign-in (OpenID Connect, SPEC §2 "Continue with Google"). Off without a client id.
   * allowInsecure lets tests use an http:// issuer; never set it in production.
   */
  get oidc() {
    const clientId = process.env.OIDC_CLIENT_ID || undefined
    return {
      issuer: process.env.OIDC_ISSUER || 'https://accounts.google.com',
      clientId,
      clientSecret: process.env.OIDC_CLIENT_SECRET || undefined,
      allowInsecure: process.env.OIDC_ALLOW_INSECURE === 'true',
    }
  },
  get siteRegenDelayMs() {
    return Number(process.env.SITE_REGEN_DELAY_MS ?? 100)
  },
  /**
   * How often the page regenerator looks for static content that changed with the clock alone
   * (an event passing, a badge expiring): such a page is at most this much (plus its render)
   * late. 60 s: the pages show times to the minute, and the API read cache keeps answers 60 s.
   */
  get siteSweepIntervalMs() {
    return Math.max(100, Number(process.env.SITE_SWEEP_INTERVAL_MS ?? 60_000))
  },
  /** Memory for cached signed-out API reads (src/server/http/readCache.ts); API_CACHE_MB=0 turns it off. */
  get apiCacheBytes() {
    return Math.max(0, Number(process.env.API_CACHE_MB ?? 64)) * 1024 * 1024
  },
  /**
   * A CDN in front of the site when CDN_PURGE_URL is set (Cloudflare's purge_cache or anything
   * taking its body): it keeps pages for pageMaxAge seconds, serves a stale one pageSwr seconds
   * more while it refetches, and is told of every rewritten page (purged at once and again after
   * delayMs). Numbers that are not non-negative integers fall back to their defaults.
   */
  get cdn() {
    const purgeUrl = process.env.CDN_PURGE_URL || undefined
    if (!purgeUrl) return undefined
    return {
      purgeUrl,
      token: process.env.CDN_PURGE_TOKEN || undefined,
      delayMs: wholeNumber(process.env.CDN_PURGE_DELAY_MS, 2000),
      pageMaxAge: wholeNumber(process.env.CDN_PAGE_MAX_AGE, 86_400),
      pageSwr: wholeNumber(process.env.CDN_PAGE_SWR, 60),
    }
  },
  /** Log lines as JSON, one a line, or readable (`LOG_FORMAT=pretty`, the default on a terminal). */
  get logFormat(): 'json' | 'pretty' {
    const format = process.env.LOG_FORMAT
    if (format === 'json' || format === 'pretty') return format
    return process.stdout.isTTY ? 'pretty' : 'json'
  },
  get logLevel() {
    return process.env.LOG_LEVEL || 'info'
  },
  /**
   * /metrics on the site's port answers only a request bearing this token
   * (`Authorization: Bearer …`); unset, it answers 404 there (docs/operations.md, Monitoring).
   */
  get metricsToken() {
    return process.env.METRICS_TOKEN || undefined
  },
  /**
   * METRICS=off keeps no figures: /metrics answers 404 and nothing is counted per request or
   * query (the request log still follows LOG_LEVEL). For a site nobody scrapes, and to measure
   * what the figures cost (scripts/bench/metrics.ts).
   */
  get metricsOff() {
    return process.env.METRICS === 'off'
  },
  /**
   * SIGUSR2 switches the counting and the request lines (at LOG_LEVEL=info) off and on:
   * bench:metrics-switch compares a process with itself.
   */
  get metricsBenchSwitch() {
    return process.env.METRICS_BENCH_SWITCH === '1'
  },
  /** A separate address for /metrics alone (`127.0.0.1:9464`, `:9464` or `9464`), no token. */
  get metricsListen(): { host: string; port: number } | undefined {
    const value = process.env.METRICS_LISTEN?.trim()
    if (!value) return undefined
    const match = /^(?:(.*):)?(\d{1,5})$/.exec(value)
    if (!match) throw new Error(`METRICS_LISTEN must be host:port or a port, not '${value}'.`)
    return { host: match[1] || '0.0.0.0', port: Number(match[2]) }
  },
  /** Map tiles (SPEC §7), read when the site is built and handed to the map islands. */
  get tiles() {
    const url = process.env.TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
    const attribution =
      process.env.TILE_ATTRIBUTION ||
      (process.env.TILE_URL
        ? ''
        : '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors')
    return { url, attribution }
  },
}

/** A setting that must be a whole number of zero or more: anything else (or nothing) is `fallback`. */
function wholeNumber(value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback
}
