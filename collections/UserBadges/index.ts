import type { CollectionConfig } from 'payload'

import { userBadgeSchema } from '@/schemas/badge'
import { staff } from '@collections/access'
import { validateWith } from '@collections/shared/hooks'
import { unexpiredUnlessStaff } from '@collections/shared/unexpired'
import { announceApiChange } from '@collections/shared/apiChanges'
import { relId } from '@/views/media'
import type { UserBadge } from '@/payload-types'
import { stalePages } from '@collections/shared/stalePages'

/** The prerendered pages that show one. */
const pages = stalePages<UserBadge>((doc, find) => {
  // Review cards show their author's badges.
  const user = relId(doc.user)
  return user === null ? [] : find.reviewPagesBy([user])
})

/**
 * Badges a user holds (SPEC user_badges). Review badges are awarded by the server
 * (collections/UserBadges/awardReviewBadges.ts); staff manage any badge through REST.
 */
export const UserBadges: CollectionConfig = {
  slug: 'user-badges',
  access: {
    read: unexpiredUnlessStaff,
    create: staff,
    update: staff,
    delete: staff,
  },
  admin: { useAsTitle: 'badgeName', defaultColumns: ['badgeName', 'user', 'awardedAt'] },
  defaultSort: 'awardedAt',
  // Each badge once per user, even when two requests award it at the same moment.
  indexes: [{ fields: ['user', 'badgeName'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'badgeName', type: 'text', required: true, maxLength: 60 },
    { name: 'colour', type: 'text', required: true, defaultValue: '#2563eb' },
    { name: 'icon', type: 'text', maxLength: 16 },
    {
      name: 'awardedAt',
      type: 'date',
      required: true,
      defaultValue: () => new Date().toISOString(),
    },
    { name: 'expiresAt', type: 'date', index: true },
  ],
  hooks: {
    // Review cards on the prerendered neighbourhood pages show their author's badges.
    afterChange: [pages.afterChange, announceApiChange],
    afterDelete: [pages.afterDelete, announceApiChange],
    beforeValidate: [validateWith(userBadgeSchema)],
  },
}
