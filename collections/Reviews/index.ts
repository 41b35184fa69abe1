import type { CollectionConfig } from 'payload'

import { markSiteStale } from '../../src/server/siteRevision'
import { anyone, signedIn, staff, staffOrOwner } from '../access'
import { publishReview } from './hooks/publishReview'
import { setAuthor } from './hooks/setAuthor'

/** Star-rated reviews of a neighbourhood. `user` empty = unclaimed (written before sign-up). */
export const Reviews: CollectionConfig = {
  slug: 'reviews',
  access: {
    read: anyone,
    create: signedIn,
    update: staffOrOwner('user'),
    delete: staff,
  },
  admin: {
    useAsTitle: 'comment',
    defaultColumns: ['neighbourhood', 'authorName', 'rating', 'createdAt'],
  },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'neighbourhood',
      type: 'relationship',
      relationTo: 'neighbourhoods',
      required: true,
      index: true,
    },
    { name: 'user', type: 'relationship', relationTo: 'users', index: true },
    { name: 'authorName', type: 'text', required: true },
    { name: 'rating', type: 'number', required: true, min: 1, max: 5, defaultValue: 5 },
    { name: 'comment', type: 'textarea', required: true, maxLength: 4000 },
    { name: 'photo', type: 'upload', relationTo: 'media' },
  ],
  hooks: {
    beforeChange: [setAuthor],
    afterChange: [publishReview, markSiteStale],
    afterDelete: [markSiteStale],
  },
}
