import { MAX_ROW_ID } from './requests'
import {
  fieldAt,
  type FieldIndex,
  type FieldsOf,
  type QueryField,
  type QueryKind,
} from './queryFields'

/**
 * A `where` checked against the collection's fields before Payload reads it: every path a field
 * that may be queried, every operator one its type takes, every value one PostgreSQL takes for
 * it. Payload passes what it does not understand on to the database, which answered a 500.
 * Answers what is wrong (naming the parameter in bracket notation), or null.
 */
export function whereProblem(index: FieldIndex, fields: FieldsOf, where: unknown): string | null {
  const budget = { conditions: 0 }
  return checkWhere(index, fields, where, 'where', 0, budget)
}

/** The most and/or levels, and conditions in all, a `where` may hold. */
const MAX_NESTING = 6
const MAX_CONDITIONS = 100
/** The most values an `in` or `not_in` may list. */
const MAX_LIST = 500
/** Every id and relationship column is PostgreSQL's integer. */
const MAX_ID = MAX_ROW_ID

const NUMERIC = ['equals', 'not_equals', 'in', 'not_in', 'exists']
const ORDERED = ['greater_than', 'greater_than_equal', 'less_than', 'less_than_equal']
const OPERATORS: Record<Exclude<QueryKind, 'container' | 'unqueryable'>, Set<string>> = {
  id: new Set([...NUMERIC, ...ORDERED]),
  number: new Set([...NUMERIC, ...ORDERED]),
  relation: new Set(NUMERIC),
  text: new Set([...NUMERIC, 'like', 'not_like', 'contains']),
  select: new Set(NUMERIC),
  checkbox: new Set(['equals', 'not_equals', 'exists']),
  date: new Set([...NUMERIC, ...ORDERED]),
  json: new Set(['exists']),
}
const LISTS = new Set(['in', 'not_in'])
/** Operators Payload splits or wraps as text. */
const LIKE = new Set(['like', 'not_like', 'contains'])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function checkWhere(
  index: FieldIndex,
  fields: FieldsOf,
  where: unknown,
  name: string,
  depth: number,
  budget: { conditions: number },
): string | null {
  if (!isObject(where)) return `${name} must be an object of conditions`
  if (depth > MAX_NESTING) return `${name} nests and/or more than ${MAX_NESTING} levels deep`
  for (const [key, condition] of Object.entries(where)) {
    const here = `${name}[${key}]`
    if (/^(and|or)$/i.test(key)) {
      if (!Array.isArray(condition)) return `${here} must be a list of conditions`
      for (const [i, each] of condition.entries()) {
        const problem = checkWhere(index, fields, each, `${here}[${i}]`, depth + 1, budget)
        if (problem) return problem
      }
      continue
    }
    const field = fieldAt(index, fields, key)
    if (!field || field.kind === 'container') return `${here} is not a field that can be queried`
    if (!isObject(condition) || Object.keys(condition).length === 0)
      return `${here} must name an operator, as in ${here}[equals]`
    for (const [operator, value] of Object.entries(condition)) {
      if (++budget.conditions > MAX_CONDITIONS)
        return `${name} holds more than ${MAX_CONDITIONS} conditions`
      const problem = operatorProblem(field, operator, value)
      if (problem) return `${here}[${operator}] ${problem}`
    }
  }
  return null
}

function operatorProblem(field: QueryField, operator: string, value: unknown): string | null {
  const kind = field.kind as keyof typeof OPERATORS
  const allowed = new Set(OPERATORS[kind])
  if (kind === 'select' && field.hasMany) allowed.add('contains')
  if (!allowed.has(operator))
    return `is not an operator this field takes (it takes ${[...allowed].join(', ')})`
  if (operator === 'exists')
    return isBoolean(value) ? null : `must be true or false, not ${shown(value)}`
  if (LISTS.has(operator)) {
    const list = typeof value === 'string' ? value.split(',') : value
    if (!Array.isArray(list)) return `must be a list of values separated by commas`
    if (list.length > MAX_LIST) return `lists more than ${MAX_LIST} values`
    for (const each of list) {
      const problem = valueProblem(field, operator, each)
      if (problem) return problem
    }
    return null
  }
  return valueProblem(field, operator, value)
}

const isBoolean = (value: unknown) =>
  typeof value === 'boolean' || (typeof value === 'string' && /^(true|false)$/i.test(value))

const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 40) ?? String(value)

/** The one value (or one of a list's values) an operator compares a field with. */
function valueProblem(field: QueryField, operator: string, value: unknown): string | null {
  const scalar = ['string', 'number', 'boolean'].includes(typeof value) || value === null
  if (!scalar) return `must be one value, not ${shown(value)}`
  if (typeof value === 'string' && value.includes('\u0000')) return 'must not hold a NUL character'
  // `null` (or its text) asks for the field to be empty, which every kind but select allows.
  if (value === null || value === 'null')
    return ['equals', 'not_equals'].includes(operator) && field.kind !== 'select'
      ? null
      : `cannot be null here`
  switch (field.kind) {
    case 'id':
    case 'relation':
      return isId(value)
        ? null
        : `must be an id (a whole number up to ${MAX_ID}), not ${shown(value)}`
    case 'number':
      return isNumber(value) ? null : `must be a number, not ${shown(value)}`
    case 'checkbox':
      return isBoolean(value) ? null : `must be true or false, not ${shown(value)}`
    case 'select':
      return typeof value === 'string' && field.options?.has(value)
        ? null
        : `must be one of ${[...(field.options ?? [])].join(', ')}, not ${shown(value)}`
    case 'date':
      return isDate(value) || (value === '' && !ORDERED.includes(operator))
        ? null
        : `must be a date (as 2030-01-31 or 2030-01-31T18:00:00Z), not ${shown(value)}`
    case 'text':
      // PostgreSQL refuses a LIKE pattern that ends in its escape character (a lone backslash).
      if (typeof value === 'string' && LIKE.has(operator) && /(^|[^\\])(\\\\)*\\$/.test(value))
        return 'must not end with a backslash'
      return typeof value === 'string' || (typeof value === 'number' && !LIKE.has(operator))
        ? null
        : `must be text, not ${shown(value)}`
    default:
      return `cannot be compared`
  }
}

function isId(value: unknown): boolean {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= MAX_ID
}

function isNumber(value: unknown): boolean {
  const n =
    typeof value === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(value.trim())
      ? Number(value)
      : value
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e15
}

/** A date PostgreSQL's timestamp takes once Payload has made it ISO (years 1 to 9999). */
export function isDate(value: unknown): boolean {
  if (typeof value !== 'string' && typeof value !== 'number') return false
  if (typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}/.test(value)) return false
  const time = new Date(value).getTime()
  return Number.isFinite(time) && time >= Date.UTC(1, 0, 1) && time <= Date.UTC(9999, 11, 31)
}
