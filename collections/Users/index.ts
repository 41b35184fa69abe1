import type { CollectionConfig } from 'payload'

import { adminField, adminOnly, anyone, isStaffUser, userId } from '../access'

/**
 * Accounts. Public profile fields (userName, name, bio, avatar) are readable by anyone;
 * the e-mail is readable only by its owner and admins (field access below).
 */
export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    tokenExpiration: 60 * 60 * 24 * 7,
    maxLoginAttempts: 10,
    lockTime: 10 * 60 * 1000,
    cookies: { sameSite: 'Lax' },
  },
  access: {
    read: anyone,
    create: anyone,
    update: ({ req }) => {
      if (isStaffUser(req.user)) return true
      const id = userId(req.user)
      return id === undefined ? false : { id: { equals: id } }
    },
    delete: adminOnly,
    admin: ({ req }) => isStaffUser(req.user),
  },
  admin: { useAsTitle: 'userName', defaultColumns: ['userName', 'email', 'role'] },
  // Other documents that point at a user (creator, author) show only the public profile.
  defaultPopulate: { userName: true, name: true, avatar: true },
  fields: [
    {
      name: 'email',
      type: 'email',
      required: true,
      unique: true,
      access: {
        read: ({ req, id }) =>
          isStaffUser(req.user) || (id !== undefined && String(userId(req.user)) === String(id)),
      },
    },
    { name: 'userName', type: 'text', unique: true, index: true },
    { name: 'name', type: 'text' },
    { name: 'bio', type: 'textarea', maxLength: 500 },
    { name: 'avatar', type: 'upload', relationTo: 'media' },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'member',
      options: ['member', 'editor', 'admin'],
      saveToJWT: true,
      access: { create: adminField, update: adminField },
    },
  ],
}
