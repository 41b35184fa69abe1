import type { CollectionConfig } from 'payload'

import { COMMENT_TARGET_KINDS } from '@/rules/targets'
import { commentCreateSchema, commentUpdateSchema } from '@/schemas/engagement'
import { signedIn, staffOrAuthor, visibleUnlessHidden } from '@collections/access'
import { authorField, hiddenField } from '@collections/shared/fields'
import { setAuthor, validateWith } from '@collections/shared/hooks'
import { markPagesStale } from '@collections/shared/stalePages'
import { afterCommentChange } from './hooks/afterCommentChange'
import { afterCommentDelete, deleteReplies } from './hooks/deleteReplies'
import { placeInThread } from './hooks/placeInThread'
import { requireSignInToComment } from './hooks/requireSignInToComment'
import { announceApiChange } from '@collections/shared/apiChanges'

/**
 * One comments mechanism for reviews, stories and discussions (SPEC §3), threaded through
 * `parent` up to MAX_COMMENT_DEPTH.
 */
export const Comments: CollectionConfig = {
  slug: 'comments',
  access: {
    read: visibleUnlessHidden,
    create: signedIn,
    update: staffOrAuthor,
    delete: staffOrAuthor,
  },
  admin: {
    useAsTitle: 'content',
    defaultColumns: ['content', 'targetKind', 'author', 'hidden', 'createdAt'],
    listSearchableFields: ['content'],
  },
  defaultSort: 'createdAt',
  indexes: [{ fields: ['targetKind', 'targetId'] }],
  fields: [
    {
      name: 'targetKind',
      type: 'select',
      options: [...COMMENT_TARGET_KINDS],
      required: true,
      access: { update: () => false },
    },
    { name: 'targetId', type: 'number', required: true, access: { update: () => false } },
    {
      name: 'parent',
      type: 'relationship',
      relationTo: 'comments',
      index: true,
      access: { update: () => false },
    },
    {
      name: 'depth',
      type: 'number',
      defaultValue: 0,
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
    { name: 'content', type: 'textarea', required: true, maxLength: 4000 },
    authorField(),
    hiddenField,
    {
      name: 'reactionCount',
      type: 'number',
      defaultValue: 0,
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
  ],
  hooks: {
    beforeOperation: [requireSignInToComment],
    beforeValidate: [validateWith(commentCreateSchema, commentUpdateSchema)],
    beforeChange: [setAuthor(), placeInThread],
    afterChange: [afterCommentChange, markPagesStale, announceApiChange],
    beforeDelete: [deleteReplies],
    afterDelete: [afterCommentDelete, markPagesStale, announceApiChange],
  },
}
