import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, expect, inject, test } from 'vitest'

import { freePort } from '@/server/database/postgres'
import { freshDataDir, removeDataDir, startSite, waitFor, type Site } from '@tests/faults/harness'

/**
 * Debian's Prometheus scraping a quiet site every 2 s with the project's alert rules: nothing
 * may go pending or firing when nothing is wrong (the pool's figure once read a scrape's own
 * query as a waiting client, and a quiet site paged its operator).
 */
const TOKEN = 'prometheus-test-token-0123456789'
const prometheusBinary = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find((p) =>
  fs.existsSync(p),
)
const present = prometheusBinary !== undefined
if (!present) console.log('prometheus is not installed: the quiet-site alert test is skipped')

let dataDir = ''
let site: Site | undefined
let prometheus: ChildProcess | undefined
let workDir = ''
let api = ''

beforeAll(async () => {
  if (!present) return
  dataDir = freshDataDir(inject('faultsTemplate'), 'prometheus')
  site = await startSite(dataDir, { METRICS_TOKEN: TOKEN })
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belong-prometheus-'))
  const port = await freePort()
  const target = new URL(site.url).host
  fs.writeFileSync(
    path.join(workDir, 'prometheus.yml'),
    [
      'global: { scrape_interval: 2s, evaluation_interval: 2s }',
      `rule_files: ['${path.resolve('ops/prometheus/alerts.yml')}']`,
      'scrape_configs:',
      '  - job_name: belong',
      `    authorization: { credentials: '${TOKEN}' }`,
      `    static_configs: [{ targets: ['${target}'] }]`,
    ].join('\n'),
  )
  prometheus = spawn(
    prometheusBinary!,
    [
      `--config.file=${path.join(workDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(workDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  )
  api = `http://127.0.0.1:${port}/api/v1`
}, 180_000)

afterAll(async () => {
  prometheus?.kill('SIGTERM')
  await site?.stop()
  if (dataDir) await removeDataDir(dataDir)
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true })
})

const ask = async <T>(query: string): Promise<T | undefined> => {
  try {
    const res = await fetch(`${api}${query}`)
    return res.ok ? ((await res.json()) as { data: T }).data : undefined
  } catch {
    return undefined
  }
}

test.skipIf(!present)(
  'a quiet site scraped for a minute has no alert pending or firing',
  async () => {
    // A minute of scrapes at 2 s, every one answered, then a rule evaluation after the last.
    const scrapes = async () => {
      const data = await ask<{ result: { value: [number, string] }[] }>(
        `/query?query=${encodeURIComponent('count_over_time(up{job="belong"}[5m])')}`,
      )
      return Number(data?.result[0]?.value[1] ?? 0)
    }
    await waitFor(async () => (await scrapes()) >= 30, 150_000, 'thirty scrapes')
    const upNow = await ask<{ result: { value: [number, string] }[] }>(
      `/query?query=${encodeURIComponent('min_over_time(up{job="belong"}[5m])')}`,
    )
    expect(upNow?.result[0]?.value[1]).toBe('1')
    const after = Date.now()
    const evaluatedSince = async () => {
      const rules = await ask<{ groups: { lastEvaluation: string }[] }>('/rules')
      return (rules?.groups ?? []).every((g) => Date.parse(g.lastEvaluation) > after)
    }
    await waitFor(evaluatedSince, 30_000, 'a rule evaluation after the last scrape counted')
    const alerts = await ask<{ alerts: { labels: { alertname: string }; state: string }[] }>(
      '/alerts',
    )
    expect(alerts?.alerts.map((a) => `${a.labels.alertname}: ${a.state}`)).toEqual([])
  },
  240_000,
)
