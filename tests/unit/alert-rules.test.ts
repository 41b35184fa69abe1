import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from 'vitest'

import '@/server/observability/figures'
import '@/server/observability/jobTracing'
import { registry } from '@/server/observability/metrics'

/** The committed alert rules and dashboard: they load, and name only figures the site exports. */
const ops = path.resolve(import.meta.dirname, '..', '..', 'ops')
const rules = path.join(ops, 'prometheus', 'alerts.yml')
const dashboard = path.join(ops, 'grafana', 'belong.json')
const hasPromtool = spawnSync('promtool', ['--version']).status === 0

test.skipIf(!hasPromtool)('promtool check rules accepts ops/prometheus/alerts.yml', () => {
  const check = spawnSync('promtool', ['check', 'rules', rules], { encoding: 'utf8' })
  expect(check.stdout + check.stderr).toMatch(/SUCCESS: \d+ rules found/)
  expect(check.status).toBe(0)
})

test.skipIf(!hasPromtool)(
  'promtool test rules: planned 503s do not raise the error alert, 500s do; dropped log lines raise theirs',
  () => {
    const check = spawnSync(
      'promtool',
      ['test', 'rules', path.join(ops, 'prometheus', 'alerts.test.yml')],
      {
        encoding: 'utf8',
      },
    )
    expect(check.stdout + check.stderr).toMatch(/SUCCESS/)
    expect(check.status).toBe(0)
  },
)

test.runIf(!hasPromtool)('promtool check rules (skipped: promtool is not installed)', () => {
  console.warn('promtool is not installed (apt-get install prometheus): alert rules not checked')
})

test('the rules and the dashboard name only metrics the site exports', async () => {
  const exported = new Set((await registry.getMetricsAsJSON()).map((metric) => metric.name))
  const named = (text: string) =>
    [...text.matchAll(/\b(?:belong|process|nodejs)_\w+/g)].map((m) =>
      m[0].replace(/_(bucket|sum|count)$/, ''),
    )
  const used = [
    ...named(fs.readFileSync(rules, 'utf8')),
    ...named(fs.readFileSync(dashboard, 'utf8')),
  ]
  expect(used.length).toBeGreaterThan(20)
  expect(used.filter((name) => !exported.has(name))).toEqual([])
})
