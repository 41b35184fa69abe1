import type { Payload } from 'payload'

import { signInHref } from '@/views/site'
import { slugify } from '@/rules/slug'
import type { NeighbourhoodFormInitial } from '@/views/neighbourhood'
import { viewerOf } from './viewer'

/** /neighbourhood/new and /submit-neighbourhood: `name` and `slug` query parameters prefill. */
export function createInitial(url: URL): NeighbourhoodFormInitial {
  const name = (url.searchParams.get('name') ?? '').slice(0, 100)
  const slug = slugify(url.searchParams.get('slug') ?? name).slice(0, 100)
  return { name, slug, tagline: '', vibes: [], latitude: '', longitude: '' }
}

/** The submit page for a request: the form's start values, or the sign-in link when signed out. */
export async function submitPage(payload: Payload, request: Request, url: URL) {
  const user = await viewerOf(payload, request.headers)
  return {
    initial: createInitial(url),
    signIn: user ? undefined : signInHref(url.pathname, url.search),
  }
}

type MediaDoc = { url?: string | null; sizes?: Record<string, { url?: string | null }> }

/**
 * The edit page (SPEC §2, §6): only the creator opens it. Others signed in go to the detail
 * page, the signed-out to sign in; an unknown slug is not found. Staff edit in the admin.
 */
export async function editPage(
  payload: Payload,
  request: Request,
  url: URL,
  slug: string,
): Promise<
  | { kind: 'not-found' }
  | { kind: 'redirect'; to: string }
  | { kind: 'form'; initial: NeighbourhoodFormInitial }
> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    where: { slug: { equals: slug } },
    limit: 1,
    depth: 1,
  })
  const doc = docs[0]
  if (!doc) return { kind: 'not-found' }
  const user = await viewerOf(payload, request.headers)
  if (!user) return { kind: 'redirect', to: signInHref(url.pathname, url.search) }
  const creator = typeof doc.createdBy === 'object' ? doc.createdBy?.id : doc.createdBy
  if (creator !== user.id) return { kind: 'redirect', to: `/neighbourhood/${doc.slug}` }
  const media = (typeof doc.image === 'object' ? doc.image : null) as MediaDoc | null
  return {
    kind: 'form',
    initial: {
      id: doc.id,
      name: doc.name,
      slug: doc.slug,
      tagline: doc.tagline ?? '',
      vibes: doc.vibes ?? [],
      latitude: doc.latitude == null ? '' : String(doc.latitude),
      longitude: doc.longitude == null ? '' : String(doc.longitude),
      imageUrl: media?.sizes?.card?.url ?? media?.url ?? null,
    },
  }
}
