import type { Field, FieldAccess } from 'payload'

import { MESSAGE_FROM, MESSAGE_FROM_LABELS } from '@/rules/privateMessages'
import { adminField, adminWriteField, hasRole, isStaffUser, userId } from '@collections/access'
import { notifyPrefsFields } from './notifyPrefs'
import { passkeyFields } from './passkeys/fields'
import { twoFactorFields } from './twoFactor/fields'

/** A field only the account itself and admins read (e-mail, inviter, confirmation). */
const ownerOrAdmin: FieldAccess = ({ req, id }) =>
  hasRole(req.user, 'admin') ||
  (req.user != null && id !== undefined && String(userId(req.user)) === String(id))

/** The account itself and staff (a suspension's end). */
const ownerOrStaff: FieldAccess = (args) => isStaffUser(args.req.user) || ownerOrAdmin(args)

/**
 * An account's fields: the public profile (userName, name, bio, avatar) anyone reads; the e-mail,
 * its confirmation, the inviter and the preferences only the account itself and admins.
 */
export const userFields: Field[] = [
  {
    name: 'email',
    type: 'email',
    required: true,
    unique: true,
    access: {
      read: ownerOrAdmin,
    },
  },
  {
    // When the owner opened the link of the confirmation e-mail (confirmation/); cleared when
    // the address changes. Only that link (and a vouching external sign-in) sets it.
    name: 'emailConfirmedAt',
    type: 'date',
    access: {
      create: () => false,
      update: () => false,
      read: ownerOrAdmin,
    },
    admin: { readOnly: true, position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
  },
  {
    name: 'userName',
    type: 'text',
    index: true,
    admin: { description: '3–30 letters, digits, _, - or .; unique whatever the case.' },
  },
  // Lower-cased userName, kept by setUserNameKey; its unique index is the real guard.
  { name: 'userNameKey', type: 'text', unique: true, index: true, hidden: true },
  { name: 'name', type: 'text' },
  { name: 'bio', type: 'textarea', maxLength: 500 },
  {
    name: 'avatar',
    type: 'upload',
    relationTo: 'media',
    filterOptions: { purpose: { equals: 'avatar' } },
  },
  {
    // Set by an editor's Suspend (POST /api/reports/decide): every write is refused until then.
    name: 'suspendedUntil',
    type: 'date',
    access: { create: () => false, update: adminWriteField, read: ownerOrStaff },
    admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' } },
  },
  {
    // The editors' dashboard: when this editor last had the admin open, and where their
    // previous visit ended ('since your last visit'). Written only by the dashboard.
    name: 'adminSeenAt',
    type: 'date',
    access: { create: () => false, update: () => false, read: ownerOrStaff },
    admin: { hidden: true },
  },
  {
    name: 'adminVisitFrom',
    type: 'date',
    access: { create: () => false, update: () => false, read: ownerOrStaff },
    admin: { hidden: true },
  },
  {
    name: 'role',
    type: 'select',
    required: true,
    defaultValue: 'member',
    options: ['member', 'editor', 'admin'],
    saveToJWT: true,
    // An admin without two-factor sign-in is refused with a 403 that says so.
    access: { create: adminWriteField, update: adminWriteField },
  },
  {
    // Who invited this account (set on sign-up from the invite cookie, never from the body).
    // Seen by the account itself and admins; inviters see only a count on their profile.
    name: 'invitedBy',
    type: 'relationship',
    relationTo: 'users',
    index: true,
    access: {
      create: () => false,
      update: () => false,
      read: ownerOrAdmin,
    },
    admin: { readOnly: true, position: 'sidebar' },
  },
  {
    // Who may start a private conversation with this member (Settings → Messages).
    name: 'messagesFrom',
    type: 'select',
    defaultValue: 'anyone',
    options: MESSAGE_FROM.map((value) => ({ value, label: MESSAGE_FROM_LABELS[value] })),
    access: { read: ownerOrAdmin },
  },
  ...notifyPrefsFields(ownerOrAdmin),
  ...twoFactorFields(ownerOrAdmin),
  ...passkeyFields(ownerOrAdmin),
  // External sign-in (collections/Users/oidc): who vouched for this account. Written only by the
  // OIDC callback (Local API); nobody sets or changes them through the API.
  ...(['oidcIssuer', 'oidcSubject'] as const).map((name) => ({
    name,
    type: 'text' as const,
    index: true,
    access: { create: () => false, update: () => false, read: adminField },
    admin: { readOnly: true, position: 'sidebar' as const },
  })),
]
