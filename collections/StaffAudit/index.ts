import type { Access, CollectionConfig } from 'payload'

import { STAFF_AUDIT_ACTIONS } from '@/rules/staffAudit'
import { hasRole, serverWritten } from '@collections/access'

/** Admins read the audit (a quiet empty answer for anyone else); nobody else, not even editors. */
const adminsRead: Access = ({ req }) => hasRole(req.user, 'admin')

/**
 * The staff audit: one row per change staff made to an account (role, suspension and its lift,
 * e-mail, user name, deletion) or to the site (a static page published, changed, unpublished),
 * with who did it (id and user name at the time), when, the target and the values before and
 * after. Written only by server hooks (record.ts); through the API and the admin nobody creates,
 * edits or deletes a row, admins included. A member sees the rows about their own account in
 * Settings (src/loaders/staffChanges.ts). Moderation of posts stays in the moderation log.
 */
export const StaffAudit: CollectionConfig = {
  slug: 'staff-audit',
  labels: { singular: 'Staff audit entry', plural: 'Staff audit' },
  access: serverWritten(adminsRead),
  admin: {
    useAsTitle: 'summary',
    defaultColumns: ['createdAt', 'action', 'actorName', 'targetLabel', 'summary'],
    listSearchableFields: ['actorName', 'targetLabel', 'summary'],
    description:
      'Every change staff made to an account or the site, with the values before and after. Nobody can edit or delete it.',
    hidden: ({ user }) => user?.role !== 'admin',
  },
  defaultSort: '-createdAt',
  fields: [
    {
      name: 'action',
      type: 'select',
      required: true,
      index: true,
      options: Object.entries(STAFF_AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
    },
    // Who: the account (kept as a link while it exists) and its name and role at the time.
    { name: 'actor', type: 'relationship', relationTo: 'users', index: true },
    { name: 'actorName', type: 'text', label: 'Staff member' },
    { name: 'actorRole', type: 'select', options: ['editor', 'admin'] },
    // What was changed: an account (linked while it exists) or a page; its name at the time.
    { name: 'targetKind', type: 'select', options: ['user', 'page'], required: true },
    { name: 'targetId', type: 'number', required: true, index: true },
    { name: 'targetUser', type: 'relationship', relationTo: 'users', index: true },
    { name: 'targetLabel', type: 'text', label: 'Target' },
    { name: 'summary', type: 'text', label: 'Change' },
    // [{ field, before, after }]: never a password, hash, token or secret.
    { name: 'changes', type: 'json' },
  ],
}
