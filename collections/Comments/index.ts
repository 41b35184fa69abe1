import { protectedCreatedAt } from '@collections/shared/timestamps'
import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import { COMMENT_TARGET_KINDS, type CommentTargetKind } from '@/rules/targets'
import { commentCreateSchema, commentUpdateSchema } from '@/schemas/engagement'
import { signedIn, staffOrAuthor, throughCommand, visibleUnlessHidden } from '@collections/access'
import { authorField, hiddenField } from '@collections/shared/fields'
import { setAuthor, validateWith } from '@collections/shared/hooks'
import type { Comment } from '@/payload-types'
import { stalePages } from '@collections/shared/stalePages'
import { commentEndpoints } from './endpoints'
import { afterCommentChange } from './hooks/afterCommentChange'
import { afterCommentDelete, deleteReplies } from './hooks/deleteReplies'
import { placeInThread } from './hooks/placeInThread'
import { requireSignInToComment } from './hooks/requireSignInToComment'
import { announceApiChange } from '@collections/shared/apiChanges'
import { mentionHooks, mentionsField } from '@collections/shared/mentions'

/** Comments on a discussion lead to themselves; on a review or story, to its page. */
const mentions = mentionHooks('comments', {
  text: 'content',
  author: 'author',
  noun: 'comment',
  place: (_req, doc) => ({ kind: doc.targetKind as CommentTargetKind, id: Number(doc.targetId) }),
  anchor: (doc) => (doc.targetKind === 'discussion' ? `#comment-${doc.id}` : ''),
})

/** The prerendered pages that show one. */
const pages = stalePages<Comment>((doc, find) =>
  // A story's page carries its thread in the HTML (readable and answerable without JS).
  doc.targetKind === 'story' ? find.stories([Number(doc.targetId)]) : [],
)

/**
 * One comments mechanism for reviews, stories and discussions (SPEC §3), threaded through
 * `parent` up to MAX_COMMENT_DEPTH.
 */
export const Comments: CollectionConfig = {
  slug: 'comments',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: {
    read: visibleUnlessHidden,
    create: throughCommand(signedIn),
    update: throughCommand(staffOrAuthor),
    delete: throughCommand(staffOrAuthor),
  },
  admin: {
    useAsTitle: 'content',
    defaultColumns: ['content', 'targetKind', 'author', 'hidden', 'createdAt'],
    listSearchableFields: ['content'],
  },
  defaultSort: 'createdAt',
  indexes: [{ fields: ['targetKind', 'targetId'] }],
  endpoints: commentEndpoints,
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
    mentionsField,
    authorField(),
    hiddenField,
    protectedCreatedAt,
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
    beforeChange: [setAuthor(), placeInThread, mentions.beforeChange],
    afterChange: [afterCommentChange, mentions.afterChange, pages.afterChange, announceApiChange],
    beforeDelete: [deleteReplies],
    afterDelete: [afterCommentDelete, pages.afterDelete, announceApiChange],
  },
}
