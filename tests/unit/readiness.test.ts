import { describe, expect, it } from 'vitest'

import { Readiness, type ReadinessChecks } from '@/server/observability/readiness'
import type { Queryable } from '@/server/observability/timedQuery'

/** /readyz's reasons, phase by phase (the site answering 200 over HTTP: tests/faults/observability). */
/** A pool whose every query answers `rows` (or fails). */
const poolAnswering = (answer: () => Promise<{ applied: boolean }[]>): Queryable => ({
  query: async <T>() => ({ rows: (await answer()) as T[] }),
})

const checks = (over: Partial<ReadinessChecks> = {}): ReadinessChecks => ({
  pool: poolAnswering(async () => [{ applied: true }]),
  lastMigration: '20270101_000000_last',
  siteBuilt: () => true,
  jobsRunning: () => true,
  ...over,
})

describe('readiness', () => {
  it('is starting until boot is done, ready after, draining from SIGTERM on', async () => {
    const readiness = new Readiness()
    expect(await readiness.reason()).toBe('starting')
    readiness.ready(checks())
    expect(await readiness.reason()).toBeUndefined()
    readiness.drain()
    expect(await readiness.reason()).toBe('draining')
    readiness.ready(checks())
    expect(await readiness.reason()).toBe('draining')
  })

  it('names the dependency that is missing', async () => {
    const reasonWith = async (over: Partial<ReadinessChecks>) => {
      const readiness = new Readiness()
      readiness.ready(checks(over))
      return readiness.reason()
    }
    const failing = poolAnswering(() => Promise.reject(new Error('ECONNREFUSED')))
    const behind = poolAnswering(async () => [{ applied: false }])
    expect(await reasonWith({ pool: failing })).toBe('database unreachable')
    expect(await reasonWith({ databaseTrouble: () => true })).toBe('database restarting')
    expect(await reasonWith({ pool: behind })).toBe('migrations pending')
    expect(await reasonWith({ siteBuilt: () => false })).toBe('no site build')
    expect(await reasonWith({ jobsRunning: () => false })).toBe('job runner stopped')
  })
})
