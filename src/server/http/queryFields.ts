import type { FlattenedField, SanitizedConfig } from 'payload'

/** What a field holds, as far as a query on it goes (queryWhere.ts picks operators and values by it). */
export type QueryKind =
  | 'id'
  | 'number'
  | 'text'
  | 'select'
  | 'checkbox'
  | 'date'
  | 'relation'
  | 'json'
  | 'container'
  | 'unqueryable'

export interface QueryField {
  kind: QueryKind
  hasMany: boolean
  /**
   * Never queried, sorted or selected through the API: hidden fields (password hash and salt,
   * reset tokens, two-factor secrets), and every field inside a group or array whose read is
   * restricted (Payload checks the read access of a path's last field only, so without this
   * anyone could ask `where[sessions.id][exists]` of any account).
   */
  private: boolean
  /** A select's values (anything else is refused by PostgreSQL's enum as a 500). */
  options?: Set<string>
  /** A relationship's or upload's collection (one; polymorphic ones are not queryable). */
  relationTo?: string
  /** A group's, array's or named tab's own fields. */
  children?: FieldsOf
}

export type FieldsOf = Map<string, QueryField>

const KINDS: Partial<Record<FlattenedField['type'], QueryKind>> = {
  text: 'text',
  textarea: 'text',
  email: 'text',
  code: 'text',
  number: 'number',
  select: 'select',
  radio: 'select',
  checkbox: 'checkbox',
  date: 'date',
  relationship: 'relation',
  upload: 'relation',
  json: 'json',
  richText: 'json',
  group: 'container',
  array: 'container',
  tab: 'container',
}

function kindOf(field: FlattenedField): QueryKind {
  if ((field.type === 'relationship' || field.type === 'upload') && Array.isArray(field.relationTo))
    return 'unqueryable'
  if ('virtual' in field && field.virtual) return 'unqueryable'
  return KINDS[field.type] ?? 'unqueryable'
}

function fieldsOf(fields: FlattenedField[], insidePrivate: boolean): FieldsOf {
  const map: FieldsOf = new Map()
  for (const field of fields) {
    const kind = kindOf(field)
    const restricted = Boolean((field as { access?: { read?: unknown } }).access?.read)
    const isPrivate = insidePrivate || Boolean(field.hidden)
    const entry: QueryField = {
      kind,
      hasMany: 'hasMany' in field && Boolean(field.hasMany),
      private: isPrivate,
    }
    if (field.type === 'select' || field.type === 'radio')
      entry.options = new Set(field.options.map((o) => (typeof o === 'string' ? o : o.value)))
    if (kind === 'relation') entry.relationTo = (field as { relationTo: string }).relationTo
    if (kind === 'container' && 'flattenedFields' in field)
      entry.children = fieldsOf(field.flattenedFields, isPrivate || restricted)
    map.set(field.name, entry)
  }
  return map
}

const ID: QueryField = { kind: 'id', hasMany: false, private: false }

/** Every collection's fields by slug, with `id`; made once per config. */
export type FieldIndex = Map<string, FieldsOf>
const indexes = new WeakMap<SanitizedConfig, FieldIndex>()

export function fieldIndex(config: SanitizedConfig): FieldIndex {
  let index = indexes.get(config)
  if (!index) {
    index = new Map()
    for (const collection of config.collections) {
      const fields = fieldsOf(collection.flattenedFields, false)
      if (!fields.has('id')) fields.set('id', ID)
      index.set(collection.slug, fields)
    }
    indexes.set(config, index)
  }
  return index
}

/** The most segments a path may have (a relationship's field's field is three). */
const MAX_SEGMENTS = 6

/**
 * The field a dotted path (Payload also takes `__` between segments) names in `fields`,
 * following groups, arrays and single relationships; null when there is none or it is private.
 */
export function fieldAt(index: FieldIndex, fields: FieldsOf, path: string): QueryField | null {
  const segments = path.replace(/__/g, '.').split('.')
  if (segments.length > MAX_SEGMENTS) return null
  let here: FieldsOf | undefined = fields
  let found: QueryField | null = null
  for (const segment of segments) {
    if (!here) return null
    found = here.get(segment) ?? null
    if (!found || found.private || found.kind === 'unqueryable') return null
    here = found.children ?? (found.relationTo ? index.get(found.relationTo) : undefined)
  }
  return found
}
