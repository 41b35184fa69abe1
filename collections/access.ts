import { APIError, type Access, type FieldAccess, type PayloadRequest } from 'payload'

import { TWO_FACTOR_MESSAGES, hasSecondFactor } from '@/rules/twoFactor'

export type Role = 'member' | 'editor' | 'admin'

type MaybeUser = PayloadRequest['user']

/** The one place that reads the acting user's id and role from the session. */
export const userId = (user: MaybeUser): number | string | undefined => user?.id

/** The role the account was given, whether or not it may act as it yet. */
const givenRole = (user: MaybeUser): Role => (user as { role?: Role } | null)?.role ?? 'member'

/**
 * The role the session acts with: an editor or admin without a second factor acts as a member
 * (reads, their own posts) until they turn it on, so no staff power rests on a password alone.
 * Every access rule reads roles through here.
 */
export const actingRole = (user: MaybeUser): Role => {
  const role = givenRole(user)
  return role === 'member' || hasSecondFactor(user) ? role : 'member'
}
export const hasRole = (user: MaybeUser, ...roles: Role[]): boolean =>
  Boolean(user && roles.includes(actingRole(user)))
export const isStaffUser = (user: MaybeUser): boolean => hasRole(user, 'editor', 'admin')

/**
 * A staff account that may not act as staff yet (no second factor): staff-only rules refuse it
 * with a 403 that says what to do, instead of Payload's bare 'not allowed'.
 */
export const lacksSecondFactor = (user: MaybeUser, ...roles: Role[]): boolean =>
  Boolean(user && roles.includes(givenRole(user)) && !hasSecondFactor(user))

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/**
 * Whether `req` may act as one of `roles`. A write through the API (REST or GraphQL) by a staff
 * account without a second factor is refused with a 403 that says why; a read, and the server's
 * own Local API calls, just see a member's answer.
 */
export function grantOrExplain(req: PayloadRequest, roles: Role[]): boolean {
  if (hasRole(req.user, ...roles)) return true
  if (
    lacksSecondFactor(req.user, ...roles) &&
    req.payloadAPI !== 'local' &&
    WRITES.has(req.method ?? '')
  )
    throw new APIError(TWO_FACTOR_MESSAGES.staffNeedsTwoFactor, 403, null, true)
  return false
}

export const anyone: Access = () => true
export const signedIn: Access = ({ req }) => Boolean(req.user)
export const staff: Access = ({ req }) => grantOrExplain(req, ['editor', 'admin'])
export const adminOnly: Access = ({ req }) => grantOrExplain(req, ['admin'])
/** Reads of admin-only fields: quietly absent for anyone else. */
export const adminField: FieldAccess = ({ req }) => hasRole(req.user, 'admin')
/** Writes of admin-only fields (a role, a suspension): refused with the reason when 2FA is off. */
export const adminWriteField: FieldAccess = ({ req }) => grantOrExplain(req, ['admin'])

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

/** What a command sets on its request; clients cannot set `req.context`, only server code can. */
const VIA_COMMAND = 'viaCommand'

/** Marks `req` as served by a command (collections/shared/command.ts), for `throughCommand`. */
export const markViaCommand = (req: Pick<PayloadRequest, 'context'>): void => {
  req.context[VIA_COMMAND] = true
}

const cameViaCommand = (req: PayloadRequest): boolean => req.context?.[VIA_COMMAND] === true

/**
 * A member write that has a command: staff keep `access` (the admin writes through Payload's own
 * REST routes); anyone else gets `access` only inside the command, so Payload's REST and GraphQL
 * routes are no second way to the verb (a staff account without its second factor is told why).
 */
export const throughCommand =
  (access: Access): Access =>
  (args) =>
    isStaffUser(args.req.user) || cameViaCommand(args.req)
      ? access(args)
      : grantOrExplain(args.req, ['editor', 'admin'])

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
