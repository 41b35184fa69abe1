import type { CollectionConfig } from 'payload'

import { REPORT_REASON_VALUES } from '@/rules/moderation'
import { REPORT_TARGET_KINDS } from '@/rules/targets'
import type { FieldAccess } from 'payload'

import { anyone, isStaffUser, serverWritten } from '@collections/access'

export const MODERATION_ACTIONS = ['hidden', 'restored', 'suspended', 'lifted'] as const
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]

const staffOnly: { read: FieldAccess } = { read: ({ req }) => isStaffUser(req.user) }

/**
 * The moderation log: one entry per decision (automatic or an editor's), never deleted. Anyone
 * reads it (the public /moderation page): the date, the kind of content, its neighbourhood, the
 * action and the reason category; which item, who decided and any note are staff's only.
 */
export const ModerationActions: CollectionConfig = {
  slug: 'moderation-actions',
  labels: { singular: 'Moderation decision', plural: 'Moderation log' },
  access: serverWritten(anyone),
  admin: {
    defaultColumns: ['createdAt', 'action', 'targetKind', 'reason', 'neighbourhood', 'decidedBy'],
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'action', type: 'select', options: [...MODERATION_ACTIONS], required: true },
    { name: 'targetKind', type: 'select', options: [...REPORT_TARGET_KINDS], required: true },
    { name: 'targetId', type: 'number', required: true, index: true, access: staffOnly },
    { name: 'neighbourhood', type: 'relationship', relationTo: 'neighbourhoods' },
    { name: 'reason', type: 'select', options: [...REPORT_REASON_VALUES, 'editor'] },
    // Hidden by the threshold of reports rather than by an editor.
    { name: 'automatic', type: 'checkbox', defaultValue: false },
    { name: 'decidedBy', type: 'relationship', relationTo: 'users', access: staffOnly },
    { name: 'member', type: 'relationship', relationTo: 'users', access: staffOnly },
    { name: 'until', type: 'date', access: staffOnly },
    // The author's one 'Ask for a review' of a hidden item, shown in the editors' queue until
    // an editor decides the case again.
    { name: 'appeal', type: 'textarea', maxLength: 500, access: staffOnly },
    { name: 'appealedAt', type: 'date', access: staffOnly },
    { name: 'appealDecidedAt', type: 'date', access: staffOnly },
  ],
}
