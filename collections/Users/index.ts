import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import { env } from '@/server/config/env'
import {
  adminOnly,
  anyone,
  grantOrExplain,
  hasRole,
  isStaffUser,
  userId,
} from '@collections/access'
import { knownUsersJwt } from './accounts/knownUsers'
import { userEndpoints } from './endpoints'
import { userFields } from './fields'
import { forgotPasswordEmail } from './forgotPasswordEmail'
import { userHooks } from './hooks'

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
  endpoints: userEndpoints,
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
  fields: userFields,
  hooks: userHooks,
}
