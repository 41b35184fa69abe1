import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig, Field, FieldAccess } from 'payload'

import type { Neighbourhood } from '@/payload-types'
import { searchHooks } from '@collections/Search/reindex'
import { channels } from '@/server/services/realtime'
import { liveHooks } from '@collections/shared/live'

import { MESSAGES } from '@/rules/messages'
import { VIBES } from '@/rules/vibes'
import { neighbourhoodSchema } from '@/schemas/neighbourhood'
import { stalePages, neighbourhoodPage, HOME, LIST, MAP } from '@collections/shared/stalePages'
import {
  anyone,
  isStaffUser,
  signedIn,
  staff,
  staffOrOwner,
  throughCommand,
} from '@collections/access'
import { validateWith } from '@collections/shared/hooks'
import { uniqueMessages } from '@collections/shared/uniqueMessages'
import { keepPopulation } from './hooks/keepPopulation'
import { lookupPopulation } from './hooks/lookupPopulation'
import { refreshPopulation } from './endpoints/refreshPopulation'
import { submitNeighbourhoodEndpoint } from './endpoints/submit'
import { editNeighbourhoodEndpoint } from './endpoints/edit'
import { normaliseNeighbourhood } from './hooks/normaliseNeighbourhood'
import { deleteNeighbourhoodContent } from './hooks/deleteContent'
import { setCreator } from './hooks/setCreator'
import { setLocation } from './hooks/setLocation'
import { uniqueSlug } from './hooks/uniqueSlug'
import { announceApiChange } from '@collections/shared/apiChanges'

const staffOnly: FieldAccess = ({ req }) => isStaffUser(req.user)
const nobody: FieldAccess = () => false

/** Site search follows every write in its transaction. */
const search = searchHooks<Neighbourhood>('neighbourhood')

/** Readers of /neighbourhood/{slug} see name, tagline and vibes change live (SPEC §2). */
const live = liveHooks<Neighbourhood>({
  entity: 'neighbourhood',
  channels: (doc) => [channels.neighbourhood(doc.id)],
  fields: ['name', 'slug', 'tagline', 'vibes', 'updatedAt'],
})

/** Written by the population lookup (and staff), never by members. */
const populationAccess = { create: staffOnly, update: staffOnly }
const populationField = (name: string, type: 'number' | 'text'): Field =>
  type === 'number'
    ? { name, type, access: populationAccess, admin: { position: 'sidebar' } }
    : { name, type, access: populationAccess, admin: { position: 'sidebar' } }

/** The prerendered pages that show one. */
const pages = stalePages<Neighbourhood>((doc) => [neighbourhoodPage(doc.slug), HOME, LIST, MAP])

/**
 * Neighbourhoods (SPEC §3). The spec's PostGIS centroid becomes latitude/longitude numbers plus
 * `location` text 'POINT(lon lat)' (no PostGIS in the embedded PostgreSQL). The create answer
 * carries a non-stored `populationStatus` (see hooks/lookupPopulation.ts).
 */
export const Neighbourhoods: CollectionConfig = {
  slug: 'neighbourhoods',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: {
    read: anyone,
    create: throughCommand(signedIn),
    update: throughCommand(staffOrOwner('createdBy')),
    delete: staff,
    // Earlier versions (and who wrote them) are the editors' tool against vandalism.
    readVersions: staff,
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'tagline', 'vibes', 'createdBy', 'createdAt'],
    listSearchableFields: ['name', 'tagline', 'slug'],
    preview: (doc) => `/neighbourhood/${String(doc.slug)}`,
  },
  defaultSort: 'name',
  // Editors see who changed what and restore an earlier version (the restore's hooks rewrite the
  // page like any change).
  versions: { maxPerDoc: 50 },
  fields: [
    { name: 'name', type: 'text', required: true, index: true },
    { name: 'slug', type: 'text', required: true, unique: true, index: true },
    { name: 'tagline', type: 'text', required: true },
    { name: 'vibes', type: 'select', hasMany: true, options: [...VIBES], required: true },
    {
      name: 'image',
      type: 'upload',
      relationTo: 'media',
      filterOptions: { purpose: { equals: 'neighbourhood-image' } },
    },
    { name: 'latitude', type: 'number', min: -90, max: 90 },
    { name: 'longitude', type: 'number', min: -180, max: 180 },
    {
      name: 'location',
      type: 'text',
      access: { create: nobody, update: nobody },
      admin: { readOnly: true, description: 'POINT(lon lat), from latitude and longitude.' },
    },
    populationField('populationEstimate', 'number'),
    populationField('populationYear', 'number'),
    populationField('populationSource', 'text'),
    populationField('populationQuality', 'number'),
    {
      // Not stored: the editors' button to ask the population service again.
      name: 'populationLookup',
      type: 'ui',
      admin: {
        position: 'sidebar',
        components: { Field: '/cms/components/PopulationLookup#PopulationLookup' },
      },
    },
    {
      name: 'createdBy',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      access: { update: () => false },
      admin: { readOnly: true },
    },
  ],
  endpoints: [refreshPopulation, submitNeighbourhoodEndpoint, editNeighbourhoodEndpoint],
  hooks: {
    beforeValidate: [normaliseNeighbourhood, validateWith(neighbourhoodSchema)],
    beforeChange: [setCreator, uniqueSlug, setLocation, keepPopulation],
    afterChange: [
      search.afterChange,
      lookupPopulation,
      live.afterChange,
      pages.afterChange,
      announceApiChange,
    ],
    beforeDelete: [deleteNeighbourhoodContent],
    afterDelete: [search.afterDelete, live.afterDelete, pages.afterDelete, announceApiChange],
    afterError: [uniqueMessages({ slug: MESSAGES.slugTaken })],
  },
}
