import type { CollectionConfig } from 'payload'

import { businessBadgeSchema } from '@/schemas/badge'
import type { BusinessBadge } from '@/payload-types'
import { stalePages } from '@collections/shared/stalePages'
import { staff } from '@collections/access'
import { validateWith } from '@collections/shared/hooks'
import { unexpiredUnlessStaff } from '@collections/shared/unexpired'
import { announceApiChange } from '@collections/shared/apiChanges'

/** The prerendered pages that show one. */
const pages = stalePages<BusinessBadge>((doc, find) => find.neighbourhoodOfSpot(doc.business))

/** Coloured labels staff pin on a local spot (SPEC local_business_badges), optionally expiring. */
export const BusinessBadges: CollectionConfig = {
  slug: 'business-badges',
  access: {
    read: unexpiredUnlessStaff,
    create: staff,
    update: staff,
    delete: staff,
  },
  admin: { useAsTitle: 'label', defaultColumns: ['label', 'business', 'colour', 'expiresAt'] },
  defaultSort: 'createdAt',
  fields: [
    {
      name: 'business',
      type: 'relationship',
      relationTo: 'local-businesses',
      required: true,
      index: true,
    },
    { name: 'label', type: 'text', required: true, maxLength: 40 },
    { name: 'colour', type: 'text', required: true, defaultValue: '#0f766e' },
    {
      name: 'expiresAt',
      type: 'date',
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
    },
  ],
  hooks: {
    beforeValidate: [validateWith(businessBadgeSchema)],
    afterChange: [pages.afterChange, announceApiChange],
    afterDelete: [pages.afterDelete, announceApiChange],
  },
}
