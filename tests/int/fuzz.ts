import fc from 'fast-check'
import type { CollectionSlug } from 'payload'
import { expect } from 'vitest'

import type { TestSite } from './harness'

/** Values a careless or hostile client might send in any field. */
export const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(''),
  fc.constant('   '),
  fc.array(fc.string(), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
)

/** A body shaped like `fields` (each present or not, each value valid-looking or arbitrary). */
export function bodyLike(fields: Record<string, fc.Arbitrary<unknown>>) {
  const entries = Object.entries(fields).map(
    ([key, valid]) => [key, fc.option(fc.oneof(valid, anyValue), { nil: undefined })] as const,
  )
  return fc
    .record(Object.fromEntries(entries))
    .chain((record) =>
      fc
        .dictionary(fc.string({ maxLength: 10 }), anyValue, { maxKeys: 2 })
        .map((extra) => ({ ...extra, ...record })),
    )
}

export interface FuzzTarget {
  site: TestSite
  method: 'POST' | 'PATCH'
  path: string | (() => string)
  cookie?: string
  body: fc.Arbitrary<Record<string, unknown>>
  /** Collections whose row counts must not change when the request is refused. */
  watch: CollectionSlug[]
  /** For updates: a reading of the target that must not change when the request is refused. */
  snapshot?: () => Promise<unknown>
  runs?: number
}

/**
 * SPEC: bad input gets a clear 4xx and changes nothing; never a 5xx. Sends `runs` generated bodies
 * and checks every answer.
 */
export async function fuzzWrites(
  target: FuzzTarget,
): Promise<{ accepted: number; refused: number }> {
  const counts = async () => [
    ...(await Promise.all(
      target.watch.map(async (c) => (await target.site.payload.count({ collection: c })).totalDocs),
    )),
    await target.snapshot?.(),
  ]
  let accepted = 0
  let refused = 0
  await fc.assert(
    fc.asyncProperty(target.body, async (body) => {
      const before = await counts()
      const path = typeof target.path === 'function' ? target.path() : target.path
      const res = await target.site.api<{ errors?: { message?: string }[] }>(target.method, path, {
        body,
        cookie: target.cookie,
      })
      expect(res.status, JSON.stringify({ body, answer: res.body })).toBeLessThan(500)
      if (res.status >= 400) {
        refused++
        const message = res.body.errors?.[0]?.message
        expect(typeof message === 'string' && message.length > 0, JSON.stringify(res.body)).toBe(
          true,
        )
        expect(await counts()).toEqual(before)
      } else {
        accepted++
      }
    }),
    { numRuns: target.runs ?? 200, seed: 42 },
  )
  return { accepted, refused }
}
