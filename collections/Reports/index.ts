import type { CollectionConfig } from 'payload'

import { REPORT_NOTE_MAX, REPORT_REASON_VALUES } from '@/rules/moderation'
import { REPORT_TARGET_KINDS } from '@/rules/targets'
import { serverWritten, staff } from '@collections/access'
import { appealCase } from '@collections/Reports/endpoints/appeal'
import { decideCases } from '@collections/Reports/endpoints/decide'
import { liftCase } from '@collections/Reports/endpoints/lift'
import { ownHidden } from '@collections/Reports/endpoints/ownHidden'
import { sendReport } from '@collections/Reports/endpoints/send'

export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const

/**
 * Members' reports of content and profiles, one per member per item (unique index), for every
 * kind in one table (src/rules/targets.ts REPORT_TARGETS). Written only through
 * POST /api/reports/send; decided by editors (POST /api/reports/decide, /lift); never deleted.
 */
export const Reports: CollectionConfig = {
  slug: 'reports',
  access: serverWritten(staff),
  admin: {
    defaultColumns: ['createdAt', 'targetKind', 'reason', 'note', 'status', 'reporter'],
  },
  defaultSort: '-createdAt',
  indexes: [
    { fields: ['targetKind', 'targetId', 'reporter'], unique: true },
    { fields: ['status', 'createdAt'] },
  ],
  fields: [
    { name: 'targetKind', type: 'select', options: [...REPORT_TARGET_KINDS], required: true },
    { name: 'targetId', type: 'number', required: true, index: true },
    { name: 'reporter', type: 'relationship', relationTo: 'users', required: true },
    { name: 'reason', type: 'select', options: [...REPORT_REASON_VALUES], required: true },
    { name: 'note', type: 'textarea', maxLength: REPORT_NOTE_MAX },
    // 1 for an established member, 0.5 for a new one, the threshold for an editor.
    { name: 'weight', type: 'number', required: true },
    { name: 'neighbourhood', type: 'relationship', relationTo: 'neighbourhoods' },
    { name: 'status', type: 'select', options: [...REPORT_STATUSES], defaultValue: 'open' },
    { name: 'decidedAt', type: 'date' },
  ],
  endpoints: [sendReport, decideCases, appealCase, liftCase, ownHidden],
}
