import type { SanitizedCollectionConfig, SanitizedConfig } from 'payload'
import { z, type ZodType } from 'zod'

import { contracts } from '@/contracts'
import type { AnyContract } from '@/contracts/contract'
import { documentSchema, type JsonSchema } from './fieldSchemas'

/**
 * /api/openapi.json: the API as clients may call it, written from the same contracts the server
 * enforces (src/contracts) and from the collections' own configs, never by hand.
 */
type Operation = Record<string, unknown>
type Paths = Record<string, Record<string, Operation>>

/** What a collection says of its REST routes (`custom.api` in its config). */
export interface CollectionApi {
  /** Left out of the description (the API's internals: jobs, migrations, preferences). */
  hidden?: boolean
  /** The writes members make through the collection's own REST routes. */
  writes?: ('create' | 'update' | 'delete')[]
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` })
const json = (schema: JsonSchema) => ({ 'application/json': { schema } })
const answer = (description: string, schema: JsonSchema) => ({ description, content: json(schema) })

const jsonSchema = (schema: ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  return rest
}

const session = [{ session: [] }]
const sessionOrNone = [{}, { session: [] }]

function contractOperation(name: string, contract: AnyContract): Operation {
  const input = jsonSchema(contract.input, 'input')
  const parameters: Operation[] = []
  for (const [param, schema] of Object.entries(
    contract.params ? ((jsonSchema(contract.params, 'input').properties ?? {}) as JsonSchema) : {},
  ))
    parameters.push({ name: param, in: 'path', required: true, schema })
  if (contract.method === 'GET') {
    const required = new Set((input.required as string[] | undefined) ?? [])
    for (const [param, schema] of Object.entries((input.properties ?? {}) as JsonSchema))
      parameters.push({ name: param, in: 'query', required: required.has(param), schema })
  }
  const responses: Record<string, unknown> = {
    [contract.status ?? 200]: doneAnswer(contract),
    ...(contract.accepted
      ? {
          202: answer(
            contract.accepted.description,
            jsonSchema(contract.accepted.output, 'output'),
          ),
        }
      : {}),
    400: ref('BadRequest'),
    429: ref('TooManyRequests'),
  }
  if (contract.answers?.redirect)
    responses[302] = {
      description: contract.answers.redirect,
      headers: { Location: { schema: { type: 'string' }, description: 'Where to go next' } },
    }
  if (contract.caller !== 'anyone') responses[401] = ref('Unauthorized')
  if (contract.caller === 'member' || contract.caller === 'staff') responses[403] = ref('Forbidden')
  if (contract.params) responses[404] = ref('NotFound')
  for (const [status, message] of Object.entries(contract.refusals ?? {}))
    responses[status] = { ...refusal(message), description: message }
  responses['4XX'] = ref('Refused')
  // A page a browser opens refuses with a page too.
  if (contract.answers?.media === 'text/html')
    for (const status of [400, '4XX'])
      responses[status] = {
        description: 'Why not, as a page (or as JSON when the query itself was refused)',
        content: { 'text/html': {}, ...json({ $ref: '#/components/schemas/Error' }) },
      }
  return {
    operationId: name,
    summary: contract.summary,
    tags: [contract.tag],
    security: contract.caller === 'anyone' ? sessionOrNone : session,
    ...(parameters.length ? { parameters } : {}),
    ...(contract.method === 'GET'
      ? {}
      : {
          requestBody: {
            required: true,
            content: contract.takesFiles
              ? { 'multipart/form-data': { schema: input } }
              : {
                  ...json(input),
                  ...(contract.takesForm
                    ? { 'application/x-www-form-urlencoded': { schema: input } }
                    : {}),
                },
          },
        }),
    responses,
  }
}

/** A done call's answer: the output's JSON, or the page or file it is. */
function doneAnswer(contract: AnyContract) {
  const media = contract.answers?.media
  if (media) return { description: 'Done', content: { [media]: {} } }
  if (contract.answers?.redirect && !contract.output) return { description: 'Done' }
  return answer('Done', jsonSchema(contract.output, 'output'))
}

const errorBody: JsonSchema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string' }, data: {} },
      },
    },
  },
}
const refusal = (description: string) => ({
  description,
  content: json({ $ref: '#/components/schemas/Error' }),
})

const listParameters: Operation[] = [
  {
    name: 'where',
    in: 'query',
    style: 'deepObject',
    explode: true,
    description:
      "Payload's query: where[field][operator]=value (equals, in, like, greater_than, …)",
    schema: { type: 'object' },
  },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 100 } },
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
  { name: 'depth', in: 'query', schema: { type: 'integer', minimum: 0, maximum: 2 } },
  { name: 'sort', in: 'query', schema: { type: 'string' } },
]
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'integer' } }

function collectionPaths(collection: SanitizedCollectionConfig, paths: Paths): void {
  const api = (collection.custom?.api ?? {}) as CollectionApi
  if (api.hidden) return
  const slug = collection.slug
  const doc = { $ref: `#/components/schemas/${schemaName(slug)}` }
  const written = answer('Written', {
    type: 'object',
    properties: { doc, message: { type: 'string' } },
  })
  const writtenMany = answer('Written, each the caller may change', {
    type: 'object',
    required: ['docs'],
    properties: {
      docs: { type: 'array', items: doc },
      errors: { type: 'array', items: { type: 'object' } },
      message: { type: 'string' },
    },
  })
  const base = { tags: [slug], security: sessionOrNone }
  const writes = new Set(api.writes ?? [])
  // Members write only what the collection opens to them; the rest is staff's, in the admin,
  // where the collection's access rules allow (a refusal otherwise).
  const who = (write: 'create' | 'update' | 'delete') =>
    writes.has(write) ? '' : ' (staff, where its access allows)'
  const common = {
    400: ref('BadRequest'),
    403: ref('Forbidden'),
    429: ref('TooManyRequests'),
    '4XX': ref('Refused'),
  }
  const signedIn = { 401: ref('Unauthorized'), ...common }
  const body = { required: true, content: json(doc) }
  paths[`/api/${slug}`] = {
    get: {
      ...base,
      operationId: `${slug}.list`,
      summary: `List ${slug} the reader may see`,
      parameters: listParameters,
      responses: { 200: answer('One page of documents', pageOf(doc)), ...common },
    },
    post: {
      ...base,
      operationId: `${slug}.create`,
      summary: `Create one of ${slug}${who('create')}`,
      requestBody: body,
      responses: { 201: written, ...signedIn },
    },
    patch: {
      ...base,
      operationId: `${slug}.updateMany`,
      summary: `Change every one of ${slug} the query finds${who('update')}`,
      parameters: [listParameters[0]!],
      requestBody: body,
      responses: { 200: writtenMany, ...signedIn },
    },
    delete: {
      ...base,
      operationId: `${slug}.deleteMany`,
      summary: `Delete every one of ${slug} the query finds${who('delete')}`,
      parameters: [listParameters[0]!],
      responses: { 200: writtenMany, ...signedIn },
    },
  }
  paths[`/api/${slug}/{id}`] = {
    get: {
      ...base,
      operationId: `${slug}.read`,
      summary: `One of ${slug}`,
      parameters: [idParameter, listParameters[3]!],
      responses: { 200: answer('The document', doc), 404: ref('NotFound'), ...common },
    },
    patch: {
      ...base,
      operationId: `${slug}.update`,
      summary: `Change one of ${slug}${who('update')}`,
      parameters: [idParameter],
      requestBody: body,
      responses: { 200: written, 404: ref('NotFound'), ...signedIn },
    },
    delete: {
      ...base,
      operationId: `${slug}.delete`,
      summary: `Delete one of ${slug}${who('delete')}`,
      parameters: [idParameter],
      responses: { 200: written, 404: ref('NotFound'), ...signedIn },
    },
  }
  paths[`/api/${slug}/count`] = {
    get: {
      ...base,
      operationId: `${slug}.count`,
      summary: `How many of ${slug} the reader may see match the query`,
      parameters: [listParameters[0]!],
      responses: {
        200: answer('The count', {
          type: 'object',
          required: ['totalDocs'],
          properties: { totalDocs: { type: 'integer' } },
        }),
        ...common,
      },
    },
  }
  paths[`/api/${slug}/{id}/duplicate`] = {
    post: {
      ...base,
      operationId: `${slug}.duplicate`,
      summary: `A copy of one of ${slug}${who('create')}`,
      parameters: [idParameter],
      responses: { 200: written, 201: written, 404: ref('NotFound'), ...signedIn },
    },
  }
  accessPath(slug, paths)
  if (collection.auth)
    paths[`/api/${slug}/init`] = {
      get: {
        ...base,
        operationId: `${slug}.init`,
        summary: 'Whether the first account exists (the admin asks before its first sign-up)',
        responses: {
          200: answer('Whether it does', {
            type: 'object',
            required: ['initialized'],
            properties: { initialized: { type: 'boolean' } },
          }),
          ...common,
        },
      },
    }
  if (collection.versions) versionPaths(slug, paths, common)
}

/** Payload asks every collection, even one clients never read, what the caller may do. */
function accessPath(slug: string, paths: Paths): void {
  const operation = (one: boolean) => ({
    tags: [slug],
    security: sessionOrNone,
    operationId: one ? `${slug}.access` : `${slug}.accessAny`,
    summary: `What the caller may do with ${one ? 'one of ' : ''}${slug} (the admin asks)`,
    ...(one ? { parameters: [idParameter] } : {}),
    responses: {
      200: answer('Permissions by operation and field', permissions),
      '4XX': ref('Refused'),
    },
  })
  // The id is optional in Payload's route: without it, the collection's permissions.
  paths[`/api/${slug}/access`] = { post: operation(false) }
  paths[`/api/${slug}/access/{id}`] = { post: operation(true) }
}

const permissions: JsonSchema = { type: 'object', additionalProperties: true }

/** A versioned collection's history, as the admin reads and restores it (staff). */
function versionPaths(slug: string, paths: Paths, common: Record<string, unknown>): void {
  const version = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer' }, parent: {}, version: { type: 'object' } },
  }
  const base = { tags: [slug], security: session }
  paths[`/api/${slug}/versions`] = {
    get: {
      ...base,
      operationId: `${slug}.versions`,
      summary: `Earlier versions of ${slug} (staff)`,
      parameters: listParameters,
      responses: { 200: answer('One page of versions', pageOf(version)), ...common },
    },
  }
  paths[`/api/${slug}/versions/{id}`] = {
    get: {
      ...base,
      operationId: `${slug}.version`,
      summary: `One earlier version of ${slug} (staff)`,
      parameters: [idParameter],
      responses: { 200: answer('The version', version), 404: ref('NotFound'), ...common },
    },
    post: {
      ...base,
      operationId: `${slug}.restoreVersion`,
      summary: `Restores an earlier version of ${slug} (staff)`,
      parameters: [idParameter],
      responses: {
        200: answer('Restored', {
          type: 'object',
          properties: { doc: {}, message: { type: 'string' } },
        }),
        401: ref('Unauthorized'),
        404: ref('NotFound'),
        ...common,
      },
    },
  }
}

const pageOf = (doc: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['docs', 'totalDocs', 'page', 'totalPages', 'hasNextPage', 'hasPrevPage'],
  properties: {
    docs: { type: 'array', items: doc },
    totalDocs: { type: 'integer' },
    limit: { type: 'integer' },
    page: { type: 'integer' },
    totalPages: { type: 'integer' },
    pagingCounter: { type: 'integer' },
    hasNextPage: { type: 'boolean' },
    hasPrevPage: { type: 'boolean' },
    nextPage: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    prevPage: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
  },
})

const schemaName = (slug: string) =>
  slug.replace(/(^|-)(\w)/g, (_, __: string, letter: string) => letter.toUpperCase())

export function describeApi(config: SanitizedConfig, version: string): JsonSchema {
  const paths: Paths = {}
  const schemas: Record<string, JsonSchema> = { Error: errorBody }
  for (const collection of config.collections) {
    // Payload's own (jobs, preferences, migrations, locks) serve the admin, not clients.
    if (collection.slug.startsWith('payload-')) continue
    if (((collection.custom?.api ?? {}) as CollectionApi).hidden) {
      accessPath(collection.slug, paths)
      continue
    }
    schemas[schemaName(collection.slug)] = documentSchema(collection)
    collectionPaths(collection, paths)
  }
  paths['/api/access'] = {
    get: {
      tags: ['users'],
      security: sessionOrNone,
      operationId: 'access',
      summary: 'What the caller may do with each collection (the admin asks)',
      responses: { 200: answer('Permissions by collection', permissions), '4XX': ref('Refused') },
    },
  }
  for (const [name, contract] of Object.entries(contracts) as [string, AnyContract][]) {
    const method = contract.method.toLowerCase()
    paths[contract.path] = { ...paths[contract.path], [method]: contractOperation(name, contract) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Belong API',
      version,
      description:
        "The REST API the site's islands and the installed app use. Signed-in calls carry the session cookie set by POST /api/users/login.",
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/' }],
    tags: [
      ...new Set(
        Object.values(paths).flatMap((ops) =>
          Object.values(ops).flatMap((op) => op.tags as string[]),
        ),
      ),
    ]
      .sort()
      .map((name) => ({ name, description: `${name} routes` })),
    security: sessionOrNone,
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: `${config.cookiePrefix}-token` },
      },
      responses: {
        BadRequest: refusal('The input was refused; the message names what is wrong.'),
        Unauthorized: refusal('Sign in first.'),
        Forbidden: refusal('Not allowed for this account.'),
        NotFound: refusal('No such thing, or not visible to the caller.'),
        Refused: refusal(
          'Any other refusal (a method not offered, a body too large): the message says why.',
        ),
        TooManyRequests: {
          ...refusal('Over a rate limit; try again after Retry-After seconds.'),
          headers: {
            'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' },
          },
        },
      },
    },
  }
}
