import fc from 'fast-check'
import type { FlattenedField } from 'payload'
import { validOperators } from 'payload/shared'

/** Text a careless or hostile client sends: numbers out of range, NUL, odd Unicode, prototypes. */
export const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1.5',
    '1e309',
    '-0',
    '9'.repeat(25),
    '2147483648',
    'true',
    'FALSE',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    '\u0000',
    'a\u0000b',
    '\u202Eevil',
    '\uFEFF',
    '𝒳👩‍👩‍👧',
    'Ω≈ç√',
    '%',
    '%00',
    '[]',
    '{}',
    ',,,',
    '1,2,x',
    '1,2',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '-271821-04-20T00:00:00.000Z',
    '275760-09-13',
    '0000-00-00',
    '2030-02-30',
    'x'.repeat(3000),
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer().map(String),
  fc.double().map(String),
)

/** Values that look right for some field somewhere (ids, options, dates, flags). */
export const plausibleText = (ids: number[]) =>
  fc.oneof(
    fc.constantFrom(...ids.map(String)),
    fc.constantFrom('Calm', 'member', 'admin', 'review', 'story', 'heart', 'attending', 'cafe'),
    fc.constantFrom('true', 'false', '2030-01-31', '2030-01-31T18:00:00Z', 'alice'),
    fc.integer({ min: 0, max: 10 }).map(String),
  )

/** A value for a query, `%`-encoded; a lone surrogate goes as the bytes no UTF-8 allows. */
export function encode(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80'
  }
}

const NUMBERS = [
  '-5',
  '-1',
  '0',
  '1',
  '2',
  '10',
  '1000',
  '1001',
  'abc',
  '',
  '1.5',
  '1e3',
  ' 1',
  '9'.repeat(22),
]

/** One query parameter of Payload's language, valid or hostile, as `key=value` text. */
export const queryPart = (paths: string[], ids: number[]) => {
  const path = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...paths) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'x.y.z', '', 'id.id') },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  )
  const operator = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...validOperators) },
    { weight: 1, arbitrary: fc.constantFrom('and', 'or', '__proto__', 'EQUALS', '') },
  )
  const value = fc.oneof(plausibleText(ids), hostileText)
  const where = fc.tuple(path, operator, value).map(([p, o, v]) => `where[${p}][${o}]=${encode(v)}`)
  return fc.oneof(
    { weight: 6, arbitrary: where },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('or', 'and', 'OR'), where)
        .map(([join, w]) => w.replace(/^where/, `where[${join}][0]`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(path, fc.array(value, { maxLength: 4 }))
        .map(([p, vs]) => vs.map((v) => `where[${p}][in][]=${encode(v)}`).join('&')),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(path, operator, fc.jsonValue({ maxDepth: 3 }))
        .map(([p, o, v]) => `where=${encode(JSON.stringify({ [p]: { [o]: v } }))}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('where={', 'where=[]', 'where=1', 'where=', 'data={x'),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 5, max: 14 })
        .map((n) => `where${'[or][0]'.repeat(n)}[id][equals]=1`),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom('', '-'), path).map(([d, p]) => `sort=${d}${encode(p)}`),
    },
    { weight: 2, arbitrary: path.map((p) => `select[${p}]=true`) },
    { weight: 1, arbitrary: path.map((p) => `populate[users][${p}]=true`) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom('page', 'limit', 'depth'),
          fc.oneof(fc.constantFrom(...NUMBERS), hostileText),
        )
        .map(([k, v]) => `${k}=${encode(v)}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('pagination', 'draft', 'trash', 'joins', 'locale', 'populate'),
          hostileText,
        )
        .map(([k, v]) => `${k}=${encode(v)}`),
    },
  )
}

/** A whole query: a few parts, sometimes one of them twice (duplicated parameters). */
export const queryString = (paths: string[], ids: number[]) =>
  fc
    .tuple(fc.array(queryPart(paths, ids), { maxLength: 3 }), fc.boolean())
    .map(([parts, twice]) => (twice && parts[0] ? [...parts, parts[0]] : parts).join('&'))

/** Any JSON value, deep, wide, huge or prototype-shaped. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileText,
  fc.constant(JSON.parse('{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}')),
  fc.integer({ min: 40, max: 200 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n))),
  fc.constant(Array.from({ length: 300 }, (_, i) => i)),
)

/** A value that fits a field's type (so that the rules past the type are reached too). */
function fitting(field: FlattenedField, ids: number[]): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'number':
      return fc.oneof(fc.integer({ min: -2, max: 10 }), fc.double())
    case 'relationship':
    case 'upload':
      return fc.oneof(fc.constantFrom(...ids), fc.integer())
    case 'checkbox':
      return fc.boolean()
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
    case 'select':
    case 'radio':
      return fc.constantFrom(...field.options.map((o) => (typeof o === 'string' ? o : o.value)))
    default:
      return fc.string({ minLength: 1, maxLength: 40 })
  }
}

/** A body for a write: the collection's fields (fitting or hostile), extra keys, or no object. */
export const writeBody = (fields: FlattenedField[], ids: number[]) => {
  const named = Object.fromEntries(
    fields.map((f) => [f.name, fc.option(fc.oneof(fitting(f, ids), anyJson), { nil: undefined })]),
  )
  const record = fc
    .tuple(
      fc.record(named, { requiredKeys: [] }),
      fc.dictionary(
        fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'user', 'author'),
        ),
        anyJson,
        { maxKeys: 2 },
      ),
    )
    .map(([own, extra]) => ({ ...extra, ...own }))
  return fc.oneof({ weight: 5, arbitrary: record }, { weight: 1, arbitrary: anyJson })
}

/** A value for a path parameter: a real id (anyone's), or one no row could have. */
export const pathParam = (ids: number[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids).map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        'abc',
        '1.5',
        '99999999999',
        '9'.repeat(30),
        '%00',
        '__proto__',
        'me',
        'count',
        'null',
      ),
    },
    { weight: 1, arbitrary: hostileText.map(encode) },
  )
