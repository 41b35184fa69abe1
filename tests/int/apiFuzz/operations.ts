import type { FlattenedField, SanitizedConfig } from 'payload'

/** One thing a client can call: a method and a path template (`:id` and friends to fill). */
export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  path: string
  /** The collection whose route it is (its fields shape the queries and bodies), if any. */
  collection?: string
}

/**
 * Every operation of the running config: each collection's endpoints (Payload's REST reads and
 * writes, its auth routes, the collection's own endpoints) and the root endpoints, as Payload's
 * router holds them; plus the bulk update and delete, which take a `where`.
 */
export function operationsOf(config: SanitizedConfig): Operation[] {
  const api = config.routes.api
  const operations: Operation[] = []
  const add = (method: string, path: string, collection?: string) =>
    operations.push({ method: method.toUpperCase() as Operation['method'], path, collection })
  for (const collection of config.collections) {
    for (const endpoint of collection.endpoints || [])
      add(
        endpoint.method,
        `${api}/${collection.slug}${endpoint.path.replace(/\/$/, '')}`,
        collection.slug,
      )
  }
  for (const endpoint of config.endpoints) add(endpoint.method, `${api}${endpoint.path}`)
  return operations.filter(
    (op, i) => operations.findIndex((o) => o.method === op.method && o.path === op.path) === i,
  )
}

/**
 * Every path a `where`, `sort` or `select` might name on a collection: its fields (hidden and
 * private ones too), their sub-fields, and one hop through each relationship.
 */
export function fieldPathsOf(config: SanitizedConfig, slug: string, hops = 1): string[] {
  const collection = config.collections.find((c) => c.slug === slug)
  if (!collection) return ['id']
  const paths = ['id']
  const walk = (fields: FlattenedField[], prefix: string) => {
    for (const field of fields) {
      const path = `${prefix}${field.name}`
      paths.push(path)
      if ('flattenedFields' in field) walk(field.flattenedFields, `${path}.`)
      if ((field.type === 'relationship' || field.type === 'upload') && hops > 0)
        if (typeof field.relationTo === 'string')
          for (const sub of fieldPathsOf(config, field.relationTo, hops - 1))
            paths.push(`${path}.${sub}`)
    }
  }
  walk(collection.flattenedFields, '')
  return paths
}

/** A field's name and what a valid value of it looks like, for bodies that nearly pass. */
export function fieldsForBody(config: SanitizedConfig, slug: string): FlattenedField[] {
  return config.collections.find((c) => c.slug === slug)?.flattenedFields ?? []
}
