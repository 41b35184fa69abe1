import type { CollectionConfig } from 'payload'

import { VIBES } from '../../src/rules/vibes'
import { anyone, signedIn, staff, staffOrOwner } from '../access'
import { publishNeighbourhood, publishNeighbourhoodDeleted } from './hooks/publishNeighbourhood'
import { setCreator } from './hooks/setCreator'
import { markSiteStale } from '../../src/server/siteRevision'

export const Neighbourhoods: CollectionConfig = {
  slug: 'neighbourhoods',
  access: {
    read: anyone,
    create: signedIn,
    update: staffOrOwner('createdBy'),
    delete: staff,
  },
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'slug', 'vibes', 'createdAt'] },
  defaultSort: 'name',
  fields: [
    { name: 'name', type: 'text', required: true, index: true },
    { name: 'slug', type: 'text', required: true, unique: true, index: true },
    { name: 'tagline', type: 'text', required: true },
    { name: 'vibes', type: 'select', hasMany: true, options: [...VIBES], required: true },
    { name: 'image', type: 'upload', relationTo: 'media' },
    { name: 'latitude', type: 'number', min: -90, max: 90 },
    { name: 'longitude', type: 'number', min: -180, max: 180 },
    {
      name: 'createdBy',
      type: 'relationship',
      relationTo: 'users',
      index: true,
      access: { update: () => false },
      admin: { readOnly: true },
    },
  ],
  hooks: {
    beforeChange: [setCreator],
    afterChange: [publishNeighbourhood, markSiteStale],
    afterDelete: [publishNeighbourhoodDeleted, markSiteStale],
  },
}
