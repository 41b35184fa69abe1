import type { Neighbourhood } from '@/payload-types'
import { APIError, type CollectionBeforeChangeHook } from 'payload'

import { MESSAGES } from '@/rules/messages'
import { RESERVED_SLUGS, slugCandidates, slugRoot } from '@/rules/slug'
import { lockKey } from '@/server/database/db'

/**
 * SPEC §5: on create a taken slug gets a numeric suffix (`camden-2` … `camden-21`); when all
 * are taken, or on update to a slug in use, the answer is 400 'That slug is already taken…'.
 *
 * Parallel creates: PostgreSQL aborts a transaction at its first unique violation and Payload
 * runs the hooks and the insert in one transaction, so "insert, and on a violation retry with
 * the next suffix" cannot happen inside a request. Instead creates whose candidate lists could
 * overlap (same `slugRoot`) take one transaction-scoped advisory lock, so each sees the slugs
 * the others committed. The unique index stays the last guard (answered by `uniqueMessages`).
 * Reserved slugs (`new`: /neighbourhood/new is the submit form) count as taken.
 */
export const uniqueSlug: CollectionBeforeChangeHook<Neighbourhood> = async ({
  data,
  operation,
  originalDoc,
  req,
}) => {
  const slug = data.slug
  if (typeof slug !== 'string') return data
  if (operation === 'create') {
    await lockKey(req, `neighbourhood-slug:${slugRoot(slug)}`)
    const candidates = slugCandidates(slug)
    const { docs } = await req.payload.find({
      collection: 'neighbourhoods',
      where: { slug: { in: candidates } },
      select: { slug: true },
      pagination: false,
      depth: 0,
      req,
      overrideAccess: true,
    })
    const taken = new Set([...RESERVED_SLUGS, ...docs.map((doc) => doc.slug)])
    const free = candidates.find((candidate) => !taken.has(candidate))
    if (!free) throw new APIError(MESSAGES.slugTaken, 400, null, true)
    return { ...data, slug: free }
  }
  if (slug !== originalDoc?.slug) {
    if (RESERVED_SLUGS.has(slug)) throw new APIError(MESSAGES.slugTaken, 400, null, true)
    const { totalDocs } = await req.payload.count({
      collection: 'neighbourhoods',
      where: { slug: { equals: slug }, id: { not_equals: originalDoc?.id } },
      req,
      overrideAccess: true,
    })
    if (totalDocs > 0) throw new APIError(MESSAGES.slugTaken, 400, null, true)
  }
  return data
}
