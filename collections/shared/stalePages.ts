import type {
  CollectionAfterChangeHook,
  CollectionAfterDeleteHook,
  PayloadRequest,
  TypeWithID,
} from 'payload'

import { query, sql } from '@/server/db'
import { announceStalePages } from '@/server/siteRevision'
import { relId } from '@/views/media'

type Doc = TypeWithID & Record<string, unknown>

const HOME = '/'
const LIST = '/neighbourhoods'
const TOP_REVIEWERS = '/top-reviewers'
const neighbourhoodPage = (slug: string) => `/neighbourhood/${slug}`

async function slugOf(req: PayloadRequest, ref: unknown): Promise<string | undefined> {
  if (ref && typeof ref === 'object' && typeof (ref as Doc).slug === 'string')
    return (ref as Doc).slug as string
  const id = relId(ref as never)
  if (id == null) return undefined
  const rows = await query<{ slug: string }>(
    req,
    sql`SELECT slug FROM neighbourhoods WHERE id = ${Number(id)}`,
  )
  return rows[0]?.slug
}

async function neighbourhoodOfBusiness(req: PayloadRequest, ref: unknown) {
  const id = relId(ref as never)
  if (id == null) return undefined
  const rows = await query<{ slug: string }>(
    req,
    sql`SELECT n.slug FROM local_businesses b JOIN neighbourhoods n ON n.id = b.neighbourhood_id
         WHERE b.id = ${Number(id)}`,
  )
  return rows[0]?.slug
}

/**
 * The prerendered pages that show a document of each collection: its neighbourhood's page, its
 * own page (stories, static pages) and the lists and home sections it appears in.
 */
async function pagesShowing(req: PayloadRequest, slug: string, doc: Doc): Promise<string[]> {
  const own = async (ref: unknown) => {
    const s = await slugOf(req, ref)
    return s ? [neighbourhoodPage(s)] : []
  }
  switch (slug) {
    case 'neighbourhoods':
      return [neighbourhoodPage(String(doc.slug)), HOME, LIST]
    case 'reviews':
      return [...(await own(doc.neighbourhood)), HOME, LIST, TOP_REVIEWERS]
    case 'stories': {
      const s = await slugOf(req, doc.neighbourhood)
      return s ? [neighbourhoodPage(s), `${neighbourhoodPage(s)}/story/${doc.id}`, HOME] : [HOME]
    }
    case 'events':
    case 'polls':
    case 'discussions':
      return [...(await own(doc.neighbourhood)), HOME]
    case 'local-businesses':
      return own(doc.neighbourhood)
    case 'business-badges': {
      const s = await neighbourhoodOfBusiness(req, doc.business)
      return s ? [neighbourhoodPage(s)] : []
    }
    case 'pages':
      return [`/${String(doc.slug)}`]
    default:
      return []
  }
}

/**
 * After a write to content shown on prerendered pages: those pages are queued for regeneration
 * in the same transaction (src/server/siteRevision.ts). The previous version counts too (a
 * renamed slug or a story moved out of public view leaves a page to rewrite or remove).
 */
export const markPagesStale: CollectionAfterChangeHook & CollectionAfterDeleteHook = async (
  args,
) => {
  const { collection, doc, req, context } = args
  if (context.disableRevalidate) return doc
  const previous = 'previousDoc' in args ? (args.previousDoc as Doc | undefined) : undefined
  const paths = await pagesShowing(req, collection.slug, doc as Doc)
  if (previous?.id) paths.push(...(await pagesShowing(req, collection.slug, previous)))
  await announceStalePages(req, paths)
  return doc
}
