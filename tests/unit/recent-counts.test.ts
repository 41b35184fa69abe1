import { expect, test } from 'vitest'

import { statementOf } from '@/server/observability/queryTimes'
import { RecentCounts } from '@/server/observability/recent'
import { duration } from '@/server/observability/siteHealth'

const MINUTE = 60_000

test('recent counts sum the last minutes and forget older ones', () => {
  const counts = new RecentCounts<'answered' | 'failed'>(15)
  const t0 = 1_000 * MINUTE
  counts.add('answered', 3, undefined, t0)
  counts.add('failed', 1, 2.5, t0 + MINUTE)
  counts.add('answered', 1, 0.5, t0 + 2 * MINUTE)
  expect(counts.read(15, t0 + 2 * MINUTE)).toEqual({ counts: { answered: 4, failed: 1 }, max: 2.5 })
  // The last minute alone.
  expect(counts.read(1, t0 + 2 * MINUTE)).toEqual({ counts: { answered: 1 }, max: 0.5 })
  // 15 minutes after the first: it has left the window, and its slot is reused.
  counts.add('answered', 7, undefined, t0 + 15 * MINUTE)
  expect(counts.read(15, t0 + 15 * MINUTE).counts).toEqual({ answered: 8, failed: 1 })
  expect(counts.read(15, t0 + 40 * MINUTE)).toEqual({ counts: {}, max: 0 })
})

test('a query is labelled by its statement from a fixed list, never by its text', () => {
  expect(statementOf('SELECT 1')).toBe('select')
  expect(statementOf('  insert into "reviews" ...')).toBe('insert')
  expect(statementOf('(select 1) union (select 2)')).toBe('select')
  expect(statementOf('WITH x AS (DELETE FROM t RETURNING id) SELECT * FROM x')).toBe('with')
  expect(statementOf('BEGIN')).toBe('transaction')
  expect(statementOf('commit')).toBe('transaction')
  expect(statementOf('LISTEN belong_changes')).toBe('other')
  expect(statementOf("SELECT 'priya@belong.local'")).toBe('select')
  expect(statementOf(undefined)).toBe('other')
  expect(statementOf('')).toBe('other')
})

test('durations read as a person says them', () => {
  expect(duration(0.42)).toBe('0.4 s')
  expect(duration(42)).toBe('42 s')
  expect(duration(600)).toBe('10 min')
  expect(duration(3 * 3600)).toBe('3 h')
  expect(duration(3 * 86_400)).toBe('3 days')
})
