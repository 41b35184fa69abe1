import type { FlattenedField, SanitizedCollectionConfig } from 'payload'

/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it). */
export type JsonSchema = Record<string, unknown>

/** Or null; a schema that takes anything already takes null. */
const nullable = (schema: JsonSchema): JsonSchema =>
  Object.keys(schema).length ? { anyOf: [schema, { type: 'null' }] } : schema

/** A relation as the API answers it: the id at depth 0, the document deeper. */
const relation: JsonSchema = { anyOf: [{ type: 'integer' }, { type: 'object' }] }

function fieldSchema(field: FlattenedField): JsonSchema {
  const many = 'hasMany' in field && field.hasMany === true
  const list = (item: JsonSchema): JsonSchema => (many ? { type: 'array', items: item } : item)
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'email':
    case 'code':
      return list({ type: 'string' })
    case 'select':
    case 'radio':
      return list({
        type: 'string',
        enum: field.options.map((o) => (typeof o === 'string' ? o : o.value)),
      })
    case 'number':
      return list({ type: 'number' })
    case 'checkbox':
      return { type: 'boolean' }
    case 'date':
      return { type: 'string', format: 'date-time' }
    case 'point':
      return { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 }
    case 'relationship':
    case 'upload':
      return list(relation)
    case 'group':
      return objectOf(field.flattenedFields)
    case 'array':
      return { type: 'array', items: objectOf(field.flattenedFields) }
    case 'blocks':
      return { type: 'array', items: { type: 'object' } }
    case 'join':
      return { type: 'object' }
    default:
      // richText and json: structured documents of their own.
      return {}
  }
}

/**
 * The fields a client may ever see, as one object schema. Hidden fields are left out; every
 * field is optional, since field-level access leaves some out for some readers.
 */
export function objectOf(fields: FlattenedField[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  for (const field of fields) {
    if (field.hidden === true) continue
    const schema = fieldSchema(field)
    properties[field.name] = 'required' in field && field.required ? schema : nullable(schema)
  }
  return { type: 'object', properties }
}

/** A collection's document: its fields, its id and timestamps. */
export function documentSchema(collection: SanitizedCollectionConfig): JsonSchema {
  const base = objectOf(collection.flattenedFields)
  return {
    ...base,
    required: ['id'],
    properties: { ...(base.properties as object), id: { type: 'integer' } },
  }
}
