import type { CollectionBeforeValidateHook } from 'payload'

import { normaliseTags as toTags } from '@/rules/tags'

/** Forms send 'food, parks ,' and API clients send lists: store trimmed tags without empties. */
export const normaliseTags: CollectionBeforeValidateHook = ({ data }) => {
  if (!data || !('tags' in data)) return data
  return { ...data, tags: toTags(data.tags) }
}
