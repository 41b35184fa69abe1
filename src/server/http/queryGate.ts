import type { SanitizedCollectionConfig, SanitizedConfig } from 'payload'
import { match } from 'path-to-regexp'
import * as qs from 'qs-esm'

import { fieldAt, fieldIndex, type FieldIndex, type FieldsOf } from './queryFields'
import { bodyProblem, jsonObject } from './queryBody'
import { whereProblem } from './queryWhere'
import { MAX_ROW_ID, refuse } from './requests'

/**
 * Payload's query language (`where`, `sort`, `select`, `populate`, `joins`, `page`, `limit`,
 * `depth`, …) is open to anyone on every collection route. What it cannot read it handed on
 * to PostgreSQL, which answered a 500 (logged as an error, paging the operator). So every
 * request to a collection is checked here first, against the collection's fields: a query
 * Payload would not understand is the client's fault, answered 400 with the parameter named;
 * so is a JSON body that is not an object. An id in the path that no document can have, or a
 * route of a feature the collection does not have (versions, e-mail verification: Payload read
 * columns that do not exist), answers 404, as a missing document does.
 */
export async function refuseBadQuery(
  config: SanitizedConfig,
  request: Request,
): Promise<Response | null> {
  const url = new URL(request.url)
  const api = config.routes.api
  if (!url.pathname.startsWith(`${api}/`)) return null
  // No text column takes a NUL (PostgreSQL refuses it), wherever it would have gone.
  if (holdsNul(url.pathname) || holdsNul(url.search))
    return refuse(400, 'The address must not hold a NUL character (%00).')
  const route = url.pathname.slice(api.length)
  const collection = config.collections.find((c) => c.slug === route.split('/')[1])
  if (!collection) return null
  // A POST asking to be read as a GET carries its query in a form body (Payload's override).
  const override = /^get$/i.test(
    request.headers.get('x-payload-http-method-override') ??
      request.headers.get('x-http-method-override') ??
      '',
  )
  const formBody = request.headers
    .get('content-type')
    ?.startsWith('application/x-www-form-urlencoded')
  const method = request.method === 'POST' && override ? 'GET' : request.method
  const search = method !== request.method && formBody ? await request.clone().text() : url.search
  const problem = queryProblem(fieldIndex(config), collection.slug, search)
  if (problem) return refuse(400, `Query parameter ${problem}.`)
  if (!routeCanAnswer(collection, method, route)) return refuse(404, 'Not Found')
  // Payload's writes take the body as the document's data: a JSON string, number or list
  // there threw (a 500) where an object was expected.
  const json = request.headers.get('content-type')?.startsWith('application/json')
  if (!json || !WRITES.has(method)) return null
  const wrong = bodyProblem(
    fieldIndex(config).get(collection.slug)!,
    collection.slug,
    await request.clone().text(),
  )
  return wrong ? refuse(400, wrong) : null
}

const WRITES = new Set(['POST', 'PATCH', 'PUT'])

function holdsNul(encoded: string): boolean {
  if (!encoded.includes('%')) return encoded.includes('\u0000')
  try {
    return decodeURIComponent(encoded.replace(/\+/g, ' ')).includes('\u0000')
  } catch {
    // Not UTF-8 once decoded: the NUL is looked for byte by byte.
    return /%00/.test(encoded)
  }
}

/** The query parameters Payload's collection routes read. */
const PARAMETERS = new Set([
  'where',
  'sort',
  'select',
  'populate',
  'joins',
  'page',
  'limit',
  'depth',
  'pagination',
  'draft',
  'trash',
  'data',
  'locale',
  'fallbackLocale',
  'fallback-locale',
])

const WHOLE =
  (max: number, min = 0) =>
  (value: unknown, name: string) =>
    typeof value === 'string' &&
    /^\d{1,7}$/.test(value) &&
    Number(value) >= min &&
    Number(value) <= max
      ? null
      : `${name} must be a whole number from ${min} to ${max}`
const BOOLEAN = (value: unknown, name: string) =>
  value === 'true' || value === 'false' ? null : `${name} must be true or false`
const TEXT = (value: unknown, name: string) =>
  typeof value === 'string' ? null : `${name} must be one value`

/** The most documents one page lists (the site asks for 1000 at most; 0 is "all"). */
export const MAX_LIMIT = 1000
export const MAX_PAGE = 1_000_000
/** Payload's own cap on depth (config.maxDepth); more was silently less. */
const MAX_DEPTH = 10

/** What is wrong with one parameter, starting with its name; null when nothing is. */
type Check = (value: unknown, name: string, index: FieldIndex, fields: FieldsOf) => string | null
const CHECKS: Record<string, Check> = {
  page: WHOLE(MAX_PAGE, 1),
  limit: WHOLE(MAX_LIMIT),
  depth: WHOLE(MAX_DEPTH),
  pagination: BOOLEAN,
  draft: BOOLEAN,
  trash: BOOLEAN,
  locale: TEXT,
  fallbackLocale: TEXT,
  'fallback-locale': TEXT,
  sort: (value, _name, index, fields) => sortProblem(index, fields, value),
  select: (value, name, index, fields) => selectProblem(index, fields, value, name),
  populate: (value, _name, index) => populateProblem(index, value),
  joins: (value) => (value === 'false' ? null : 'joins can only be false (no field is a join)'),
  data: (value) => (jsonObject(value) ? null : 'data must be a JSON object'),
  where: (value, _name, index, fields) => {
    const where = typeof value === 'string' ? jsonObject(value) : value
    return where
      ? whereProblem(index, fields, where)
      : 'where must be a JSON object or written with brackets, as where[field][equals]=…'
  },
}

function queryProblem(index: FieldIndex, slug: string, search: string): string | null {
  const raw = new URLSearchParams(search)
  const seen = new Set<string>()
  for (const key of raw.keys()) {
    if (!PARAMETERS.has(key.split('[')[0]!) || key.endsWith('[]')) continue
    if (seen.has(key)) return `${key} is given more than once`
    seen.add(key)
  }
  const query = qs.parse(search, {
    allowEmptyArrays: true,
    arrayLimit: 1000,
    depth: 10,
    ignoreQueryPrefix: true,
  }) as Record<string, unknown>
  const fields = index.get(slug)!
  for (const [name, check] of Object.entries(CHECKS)) {
    if (!Object.hasOwn(query, name)) continue
    const problem = check(query[name], name, index, fields)
    if (problem) return problem
  }
  return null
}

/** Kinds a list can be sorted by (one value per document). */
const SORTABLE = new Set(['id', 'number', 'text', 'select', 'checkbox', 'date', 'relation'])
const MAX_SORTS = 5

function sortProblem(index: FieldIndex, fields: FieldsOf, value: unknown): string | null {
  const items = typeof value === 'string' ? value.split(',') : value
  if (!Array.isArray(items) || !items.every((item) => typeof item === 'string'))
    return 'sort must be field names separated by commas'
  if (items.length > MAX_SORTS) return `sort names more than ${MAX_SORTS} fields`
  for (const item of items) {
    const field = fieldAt(index, fields, item.replace(/^-/, ''))
    if (!field || field.hasMany || !SORTABLE.has(field.kind))
      return `sort names ${JSON.stringify(item.slice(0, 40))}, not a field a list can be sorted by`
  }
  return null
}

function selectProblem(
  index: FieldIndex,
  fields: FieldsOf,
  value: unknown,
  name: string,
): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `${name} must name fields, as ${name}[field]=true`
  for (const [key, choice] of Object.entries(value)) {
    const field = fieldAt(index, fields, key)
    const here = `${name}[${key}]`
    if (!field) return `${here} is not a field that can be selected`
    if (field.children && typeof choice === 'object' && choice !== null) {
      const problem = selectProblem(index, field.children, choice, here)
      if (problem) return problem
    } else if (choice !== 'true' && choice !== 'false') return `${here} must be true or false`
  }
  return null
}

function populateProblem(index: FieldIndex, value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'populate must name collections, as populate[users][userName]=true'
  for (const [slug, select] of Object.entries(value)) {
    const fields = index.get(slug)
    if (!fields) return `populate[${slug}] is not a collection`
    const problem = selectProblem(index, fields, select, `populate[${slug}]`)
    if (problem) return problem
  }
  return null
}

/** Payload's own routes of one document, whose `:id` is a row's id (PostgreSQL's integer). */
const DOCUMENT_ROUTES = new Set(['/:id', '/:id/duplicate', '/versions/:id', '/access/:id?'])

/**
 * False when the route Payload would pick (the first of the collection's endpoints to match,
 * as its router does) is one of its document routes and the id could not be a row's, or a
 * route of a feature the collection does not have.
 */
function routeCanAnswer(
  collection: SanitizedCollectionConfig,
  method: string,
  route: string,
): boolean {
  const path = route.slice(collection.slug.length + 1) || '/'
  for (const endpoint of collection.endpoints || []) {
    if (endpoint.method !== method.toLowerCase()) continue
    const found = match<{ id?: string }>(endpoint.path, { decode: decodeURIComponent })(path)
    if (!found) continue
    if (endpoint.path.startsWith('/versions') && !collection.versions) return false
    if (endpoint.path.startsWith('/verify') && !collection.auth?.verify) return false
    const id = found.params.id
    if (!DOCUMENT_ROUTES.has(endpoint.path) || id === undefined) return true
    return /^\d{1,10}$/.test(id) && Number(id) <= MAX_ROW_ID
  }
  return true
}

/**
 * Payload answers a path no route serves with a shape of its own ({message}); the API's one
 * error shape ({errors: [{message}]}) says it instead, as every other refusal does.
 */
export async function inErrorShape(response: Response): Promise<Response> {
  if (response.status !== 404) return response
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown; errors?: unknown } | null
  if (!body || body.errors !== undefined || typeof body.message !== 'string') return response
  return refuse(404, 'No such route.')
}
