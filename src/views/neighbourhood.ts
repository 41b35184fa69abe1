import type { Neighbourhood } from '@/payload-types'
import type { FormValues } from '@/schemas/neighbourhoodForm'

import { mediaUrl, relId, responsiveImage } from './media'
import { populationView, type PopulationView } from './population'

export interface NeighbourhoodView {
  id: number
  name: string
  slug: string
  tagline: string
  vibes: string[]
  imageUrl: string | null
  /** WebP widths of the image for `srcset` ('' without sizes). */
  imageSrcset: string
  latitude: number | null
  longitude: number | null
  /** The creator's user id (the detail page shows 'Edit Neighbourhood' to them only). */
  createdBy?: number | null
  reviewCount: number
  averageRating: number | null
  /** The people within 400 m, when the population lookup found them (its own page shows it). */
  population?: PopulationView | null
}

/** A neighbourhood document (depth 1, from the Local or REST API) to what its page shows. */
export function toNeighbourhoodView(
  doc: Neighbourhood,
  size: 'card' | 'hero',
): Omit<NeighbourhoodView, 'reviewCount' | 'averageRating'> {
  return {
    id: doc.id,
    name: doc.name,
    slug: doc.slug,
    tagline: doc.tagline ?? '',
    vibes: doc.vibes ?? [],
    imageUrl: mediaUrl(doc.image, size),
    imageSrcset: responsiveImage(doc.image, size)?.srcset ?? '',
    latitude: doc.latitude ?? null,
    longitude: doc.longitude ?? null,
    createdBy: relId(doc.createdBy),
    population: populationView(doc),
  }
}

/** What a neighbourhood card shows (SPEC §2 home and list grids); built from a REST or Local API doc. */
export type NeighbourhoodCardView = Pick<
  NeighbourhoodView,
  'id' | 'name' | 'slug' | 'tagline' | 'vibes' | 'imageUrl' | 'imageSrcset'
>

export function neighbourhoodCard(doc: Neighbourhood): NeighbourhoodCardView {
  const { id, name, slug, tagline, vibes, imageUrl, imageSrcset } = toNeighbourhoodView(doc, 'card')
  return { id, name, slug, tagline, vibes, imageUrl, imageSrcset }
}

export interface NeighbourhoodCardPage {
  cards: NeighbourhoodCardView[]
  totalDocs: number
  hasNextPage: boolean
  /** How many pages of cards this holds (the list's ?pages=); 1 when absent. */
  pages?: number
}

/**
 * The neighbourhood form's start values: on edit the stored neighbourhood (its id and image),
 * on create the name and slug query parameters. The edit page's loader and the island share it.
 */
export type NeighbourhoodFormInitial = FormValues & { id?: number; imageUrl?: string | null }
