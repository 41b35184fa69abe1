import type { Access, FieldAccess, PayloadRequest } from 'payload'

export type Role = 'member' | 'editor' | 'admin'

type MaybeUser = PayloadRequest['user']

/** The one place that reads the acting user's id and role from the session. */
export const userId = (user: MaybeUser): number | string | undefined => user?.id
export const hasRole = (user: MaybeUser, ...roles: Role[]): boolean =>
  Boolean(user && roles.includes((user as { role?: Role }).role ?? 'member'))
export const isStaffUser = (user: MaybeUser): boolean => hasRole(user, 'editor', 'admin')

export const anyone: Access = () => true
export const signedIn: Access = ({ req }) => Boolean(req.user)
export const staff: Access = ({ req }) => isStaffUser(req.user)
export const adminOnly: Access = ({ req }) => hasRole(req.user, 'admin')
export const adminField: FieldAccess = ({ req }) => hasRole(req.user, 'admin')

/** Row-level: staff see/act on everything; others only where `field` is themselves. */
export const staffOrOwner =
  (field: string): Access =>
  ({ req }) => {
    if (isStaffUser(req.user)) return true
    const id = userId(req.user)
    return id === undefined ? false : { [field]: { equals: id } }
  }

/** Public read for content: staff see everything; others never see hidden documents. */
export const visibleUnlessHidden: Access = ({ req }) =>
  isStaffUser(req.user) ? true : { hidden: { not_equals: true } }

/** Staff, or the document's own author (row-level, as a query). */
export const staffOrAuthor = staffOrOwner('author')

export const nobody: Access = () => false

/**
 * Rows only server code writes (the collection's endpoints, hooks, jobs): through the REST API
 * nobody creates or changes one; `read` and `remove` say who reads and deletes.
 */
export const serverWritten = (read: Access, remove: Access = nobody) => ({
  read,
  create: nobody,
  update: nobody,
  delete: remove,
})
