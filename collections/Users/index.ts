import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig, FieldAccess } from 'payload'

import { env } from '@/server/config/env'

import { refreshToken } from '@collections/Users/accounts/endpoints'
import { pageState } from '@collections/Users/accounts/pageState'
import { MESSAGES } from '@/rules/messages'
import { MESSAGE_FROM, MESSAGE_FROM_LABELS } from '@/rules/privateMessages'
import { userSchema } from '@/schemas/user'
import {
  adminField,
  adminOnly,
  adminWriteField,
  anyone,
  grantOrExplain,
  hasRole,
  isStaffUser,
  userId,
} from '@collections/access'
import { validateWith } from '@collections/shared/hooks'
import { uniqueMessages } from '@collections/shared/uniqueMessages'
import { hideSessions } from './hooks/hideSessions'
import { creditInviter } from './hooks/creditInviter'
import { deleteAccountData } from './hooks/deleteAccountData'
import { notifyInviter } from './hooks/notifyInviter'
import { setUserNameKey } from './hooks/setUserNameKey'
import { passwordLength } from './hooks/passwordLength'
import { knownUsersJwt } from './accounts/knownUsers'
import { forgotPasswordEmail } from './forgotPasswordEmail'
import { confirmEmail } from './confirmation/endpoint'
import { deleteOwnAccount } from './settings/deleteEndpoint'
import { exportOwnData } from './settings/exportEndpoint'
import { chooseMessageSenders } from './settings/messagesEndpoint'
import { resetEmailConfirmation, sendEmailConfirmation } from './hooks/emailConfirmation'
import { lockedAsIncorrect } from './hooks/lockedAsIncorrect'
import { loginTiming } from './hooks/loginTiming'
import { mailLimit } from './hooks/mailLimit'
import { notifyPrefsFields } from './notifyPrefs'
import { twoFactorFields } from './twoFactor/fields'
import { requireSecondFactor } from './twoFactor/requireCode'
import { twoFactorEndpoints } from './twoFactor/endpoints'
import { mentionableEndpoint } from './mentionable'
import { passkeyFields } from './passkeys/fields'
import { passkeyEndpoints } from './passkeys/endpoints'
import { endPasswordSessionsOnPromotion } from './passkeys/promotion'
import { deviceEndpoints } from './devices/endpoints'
import { recordSignIn } from './devices/signIn'
import {
  endSessionsOnSuspension,
  mailPasswordChange,
  notePasswordChange,
} from './devices/accountChanges'
import { announceApiChange } from '@collections/shared/apiChanges'
import { markDeletedProfilePagesStale, markProfilePagesStale } from '@collections/shared/stalePages'
import { indexPerson, unindexPerson } from '@collections/Search/reindex'
import { signUpBrakes } from './signUp/brakes'
import { signUpForm } from './signUp/endpoint'
import {
  auditStaffUserChange,
  auditStaffUserDelete,
  noteStaffPassword,
} from '@collections/StaffAudit/userHooks'

/** A field only the account itself and admins read (e-mail, inviter, confirmation). */
const ownerOrAdmin: FieldAccess = ({ req, id }) =>
  hasRole(req.user, 'admin') ||
  (req.user != null && id !== undefined && String(userId(req.user)) === String(id))

/** The account itself and staff (a suspension's end). */
const ownerOrStaff: FieldAccess = (args) => isStaffUser(args.req.user) || ownerOrAdmin(args)

/**
 * Accounts and their public profiles (SPEC §3 "profiles"). Anyone reads the public profile
 * (userName, name, bio, avatar); the e-mail only its owner and admins. Payload keeps the auth
 * fields (hash, salt, reset token, loginAttempts, lockUntil) hidden, and `sessions` readable
 * by their owner only, so none of them appears in a public read.
 *
 * A user without a userName has signed up but not finished registration: the site sends them
 * to /register to pick one (SPEC §2). Nothing here enforces that.
 */
export const Users: CollectionConfig = {
  slug: 'users',
  custom: { api: { writes: ['create', 'update'] } satisfies CollectionApi },
  auth: {
    tokenExpiration: 60 * 60 * 24 * 7,
    // req.user of every signed-in request is read without populating avatar and inviter: the
    // server needs only ids there (GET /api/users/me?depth=1 still populates the answer).
    depth: 0,
    // Payload's session check on every request, without rebuilding an unchanged account each time.
    strategies: [knownUsersJwt],
    maxLoginAttempts: 10,
    lockTime: 10 * 60 * 1000,
    // Secure whenever the site is served over https (PUBLIC_URL).
    cookies: { sameSite: 'Lax', secure: env.publicUrl?.startsWith('https://') ?? false },
    // The e-mail links to the site's /reset-password page (accounts, SPEC §2).
    forgotPassword: forgotPasswordEmail,
  },
  // Keeps the "Remember me" choice across refreshes (collections/Users/accounts/session.ts);
  // the link of the sign-up confirmation e-mail (confirmation/); Profile → Settings' download of
  // one's data and deletion of one's account (settings/).
  // Two-factor sign-in's set-up and removal in Settings (twoFactor/).
  endpoints: [
    refreshToken,
    pageState,
    confirmEmail,
    exportOwnData,
    deleteOwnAccount,
    chooseMessageSenders,
    ...twoFactorEndpoints,
    signUpForm,
    ...passkeyEndpoints,
    mentionableEndpoint,
    ...deviceEndpoints,
  ],
  access: {
    read: anyone,
    create: anyone,
    // Members (and editors) change only their own account; admins any.
    update: ({ req, id: target }) => {
      if (hasRole(req.user, 'admin')) return true
      const id = userId(req.user)
      if (id === undefined) return false
      // An admin without a second factor changing someone else is told why (a 403).
      if (target !== undefined && String(target) !== String(id)) grantOrExplain(req, ['admin'])
      return { id: { equals: id } }
    },
    delete: adminOnly,
    // Payload lets any signed-in user unlock any account (and learn whether an e-mail exists):
    // that would undo the lockout for a guesser with an account of their own.
    unlock: adminOnly,
    admin: ({ req }) => isStaffUser(req.user),
  },
  admin: {
    useAsTitle: 'userName',
    defaultColumns: ['userName', 'name', 'email', 'role', 'suspendedUntil', 'createdAt'],
    listSearchableFields: ['userName', 'name', 'email'],
    preview: (doc) => (doc.userName ? `/profile/${String(doc.userName)}` : null),
  },
  // Other documents that point at a user (creator, author) show only the public profile.
  defaultPopulate: { userName: true, name: true, avatar: true },
  fields: [
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
  ],
  hooks: {
    // Throwaway sign-ups are refused first (signUp/), before any mail is counted or sent.
    beforeOperation: [signUpBrakes, passwordLength, mailLimit, loginTiming, notePasswordChange],
    // A changed password is mailed to the account's owner (devices/accountChanges.ts).
    afterOperation: [mailPasswordChange],
    beforeValidate: [validateWith(userSchema)],
    beforeChange: [setUserNameKey, creditInviter, resetEmailConfirmation, noteStaffPassword],
    // Pages showing the user name, name or avatar are rewritten when one of them changes.
    afterChange: [
      indexPerson,
      notifyInviter,
      sendEmailConfirmation,
      markProfilePagesStale,
      endSessionsOnSuspension,
      endPasswordSessionsOnPromotion,
      announceApiChange,
      // What staff changed about the account, with before and after (collections/StaffAudit).
      auditStaffUserChange,
    ],
    afterDelete: [unindexPerson, announceApiChange, auditStaffUserDelete],
    beforeDelete: [markDeletedProfilePagesStale, deleteAccountData],
    afterRead: [hideSessions],
    // An account with two-factor on gets no session from a password alone (twoFactor/).
    beforeLogin: [requireSecondFactor],
    // Each session's browser for Settings → Your devices; a new device is mailed (devices/).
    afterLogin: [recordSignIn],
    afterError: [uniqueMessages({ userNameKey: MESSAGES.userNameTaken }), lockedAsIncorrect],
  },
}
