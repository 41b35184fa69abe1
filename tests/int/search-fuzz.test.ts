import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MAX_QUERY_LENGTH } from '@/rules/search'
import { answerChecker } from '@tests/support/apiDescription'

import { makeNeighbourhood, placeFields, QUIET, testSiteForFile } from './harness'

/**
 * Property-based: whatever a client puts in q, type and page, search and suggestions answer
 * 200 (or 400 for an unknown type) with a well-formed body, never a 5xx.
 */
const { site } = testSiteForFile({ members: ['alice'], timeout: 60_000 }, async () => {
  await makeNeighbourhood(site, placeFields('Fuzzbury', 'Percent % and under_score'), QUIET)
})

const nasty = fc.constantFrom(
  '',
  ' ',
  '%',
  '_',
  '%_%',
  "'; DROP TABLE search_index; --",
  '" OR 1=1 --',
  '.*',
  '(a|b)+$',
  '[[:alpha:]]',
  '\\',
  '!!!',
  '& | ! <-> :*',
  'a:*A & b',
  '"unclosed',
  '-not',
  'or or or',
  '\u0000\u0002\u0003',
  'ñandú 東京 😀',
  'x'.repeat(1000),
  'a '.repeat(500),
)
const query = fc.oneof(
  nasty,
  fc.string({ maxLength: 1000 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
)
const type = fc.oneof(
  fc.constant(''),
  fc.constantFrom('story', 'person', 'neighbourhood', 'Story', 'nope', '%', 'story,poll'),
  fc.string({ maxLength: 20 }),
)
const page = fc.oneof(fc.constant(''), fc.integer().map(String), fc.string({ maxLength: 8 }))

describe('search never fails on what it is given', () => {
  it('GET /api/search', async () => {
    await fc.assert(
      fc.asyncProperty(query, type, page, async (q, t, p) => {
        const params = new URLSearchParams({ q, type: t, page: p })
        const res = await site.api<Record<string, unknown>>('GET', `/api/search?${params}`)
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500)
        if (res.status === 400) {
          expect(res.body).toMatchObject({ errors: [{ message: 'Unknown result type.' }] })
          return
        }
        expect(res.status).toBe(200)
        expect(Array.isArray(res.body.hits)).toBe(true)
        expect(String(res.body.q).length).toBeLessThanOrEqual(MAX_QUERY_LENGTH)
      }),
      { numRuns: 150 },
    )
  }, 120_000)

  it('GET /api/search/suggest, as the API description says', async () => {
    const check = answerChecker((await site.api('GET', '/api/openapi.json')).body as never)
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await site.api<{ suggestions: unknown[] }>(
          'GET',
          `/api/search/suggest?${new URLSearchParams({ q })}`,
        )
        expect(res.status).toBe(200)
        expect(res.body.suggestions.length).toBeLessThanOrEqual(8)
        expect(check('GET', '/api/search/suggest', res.status, res.body).problem).toBeNull()
      }),
      { numRuns: 150 },
    )
  }, 120_000)

  it('treats % and _ as text, not patterns', async () => {
    const res = await site.api<{ hits: { title: unknown }[] }>('GET', '/api/search?q=%25')
    expect(res.status).toBe(200)
    const plain = await site.api<{ hits: unknown[] }>('GET', '/api/search?q=fuzzbury')
    expect(plain.body.hits.length).toBe(1)
  })
})
