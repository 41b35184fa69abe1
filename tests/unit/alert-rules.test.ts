import { spawnSync } from 'node:child_process'
import path from 'node:path'

import { expect, test } from 'vitest'

/** The committed alert rules load in Prometheus (Debian's `prometheus` package has promtool). */
const rules = path.resolve(import.meta.dirname, '..', '..', 'ops', 'prometheus', 'alerts.yml')
const hasPromtool = spawnSync('promtool', ['--version']).status === 0

test.skipIf(!hasPromtool)('promtool check rules accepts ops/prometheus/alerts.yml', () => {
  const check = spawnSync('promtool', ['check', 'rules', rules], { encoding: 'utf8' })
  expect(check.stdout + check.stderr).toMatch(/SUCCESS: \d+ rules found/)
  expect(check.status).toBe(0)
})

test.runIf(!hasPromtool)('promtool check rules (skipped: promtool is not installed)', () => {
  console.warn('promtool is not installed (apt-get install prometheus): alert rules not checked')
})
