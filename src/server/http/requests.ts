/**
 * http/ — what every request goes through: Node requests as fetch Requests and back (nodeFetch),
 * refusals in Payload's error shape (requests), origin and header rules (security), the caching
 * headers of static files (cacheHeaders), rate limits, the signed-out read cache and the change
 * announcements that empty it (readCache, apiChanges), and form posts made without JavaScript
 * (formPosts). It knows nothing of the site's pages.
 */
import type { CollectionSlug, DataFromCollectionSlug, PayloadRequest } from 'payload'

/** A refusal in the shape Payload's own errors have, so clients read one format. */
export const refuse = (status: number, message: string, headers?: HeadersInit) =>
  Response.json({ errors: [{ message }] }, { status, headers })

/** Thrown inside a transaction to roll it back and answer with `status` and `message`. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/** The JSON body of a custom endpoint call; anything unreadable counts as empty. */
export async function readJson(req: PayloadRequest): Promise<Record<string, unknown>> {
  try {
    const body: unknown = req.json ? await req.json() : {}
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The largest id a row can have (PostgreSQL's integer; a larger one made the query fail). */
export const MAX_ROW_ID = 2_147_483_647

/** The numeric `:id` of a route like /api/polls/:id/vote, or null when no row can have it. */
export function routeId(req: PayloadRequest): number | null {
  const raw = String(req.routeParams?.id ?? '')
  return /^\d{1,10}$/.test(raw) && Number(raw) <= MAX_ROW_ID ? Number(raw) : null
}

/** Postgres unique violation (possibly wrapped by the adapter). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null
  return e?.code === '23505' || e?.cause?.code === '23505'
}

/**
 * A document as the acting user may see it (hidden or private ones are not found), or null.
 * Custom endpoints use it so their 404s follow the collection's own read access.
 */
export async function findVisible<S extends CollectionSlug>(
  req: PayloadRequest,
  collection: S,
  id: number | null,
): Promise<DataFromCollectionSlug<S> | null> {
  if (id === null) return null
  const doc = await req.payload.findByID({
    collection,
    id,
    depth: 0,
    req,
    overrideAccess: false,
    user: req.user,
    disableErrors: true,
  })
  return (doc as DataFromCollectionSlug<S> | null) ?? null
}
