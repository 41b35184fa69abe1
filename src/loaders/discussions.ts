import { createLocalReq, type Payload } from 'payload'

import { listDiscussions, popularDiscussionTags } from '@/data/discussions'
import {
  parseListQuery,
  toDiscussionView,
  type DiscussionListView,
  type DiscussionView,
} from '@/views/discussion'

export interface NeighbourhoodRef {
  id: number
  slug: string
  name: string
}

export type DiscussionListPage =
  | {
      kind: 'list'
      list: DiscussionListView
      tags: string[]
      neighbourhood: NeighbourhoodRef | null
    }
  | { kind: 'no-neighbourhood' }

/** A neighbourhood's id, slug and name by its slug, as a visitor reads it; null when none. */
export async function neighbourhoodRef(
  payload: Payload,
  slug: string,
): Promise<NeighbourhoodRef | null> {
  const { docs } = await payload.find({
    collection: 'neighbourhoods',
    where: { slug: { equals: slug } },
    select: { slug: true, name: true },
    depth: 0,
    limit: 1,
    pagination: false,
    overrideAccess: false,
  })
  const n = docs[0]
  return n ? { id: n.id, slug: n.slug, name: n.name } : null
}

/**
 * /discussions and /neighbourhood/{slug}/discussions (SPEC §2 Discussions): one page of the list
 * for the URL's ?tag= and ?page=, and the most used tags as filter links.
 */
export async function loadDiscussionList(
  payload: Payload,
  url: URL,
  slug: string | null,
): Promise<DiscussionListPage> {
  const neighbourhood = slug ? await neighbourhoodRef(payload, slug) : null
  if (slug && !neighbourhood) return { kind: 'no-neighbourhood' }
  const req = await createLocalReq({}, payload)
  const [list, tags] = await Promise.all([
    listDiscussions(req, parseListQuery(url.searchParams, slug)),
    popularDiscussionTags(req, slug),
  ])
  return { kind: 'list', list, tags, neighbourhood }
}

/**
 * /discussions/{id}: the post as a visitor may see it (a hidden one is not found). The viewer's
 * own controls are added by the island from the session, so the page is the same for everyone.
 */
export async function loadDiscussion(
  payload: Payload,
  rawId: string,
): Promise<DiscussionView | null> {
  if (!/^\d{1,12}$/.test(rawId)) return null
  const doc = await payload.findByID({
    collection: 'discussions',
    id: Number(rawId),
    depth: 2,
    overrideAccess: false,
    disableErrors: true,
    populate: {
      users: { userName: true, avatar: true },
      neighbourhoods: { slug: true, name: true },
      media: { url: true, filename: true, sizes: true },
    },
  })
  return doc ? toDiscussionView(doc) : null
}
