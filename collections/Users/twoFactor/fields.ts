import type { Field, FieldAccess } from 'payload'

const never: FieldAccess = () => false

/**
 * When a second factor was added (empty: none): read by the account itself and admins, written
 * only by the server in SQL; the session's account carries it.
 */
export const sinceField = (
  name: string,
  description: string,
  ownerOrAdmin: FieldAccess,
): Field => ({
  name,
  type: 'date',
  access: { create: never, update: never, read: ownerOrAdmin },
  admin: {
    readOnly: true,
    position: 'sidebar',
    description,
    date: { pickerAppearance: 'dayAndTime' },
  },
})

/**
 * Two-factor sign-in's columns (src/data/twoFactor.ts reads and writes them in SQL). `twoFactorSince` says
 * whether it is on (the account itself and admins read it; the session's account carries it, so
 * collections/access.ts can require it of staff). The key, a key being set up, the last used
 * time step and the recovery codes' hashes are hidden: no REST, GraphQL or admin read or write.
 */
export const twoFactorFields = (ownerOrAdmin: FieldAccess): Field[] => [
  sinceField('twoFactorSince', 'When two-factor sign-in was turned on (empty: off).', ownerOrAdmin),
  ...(['twoFactorSecret', 'twoFactorPending'] as const).map((name): Field => ({
    name,
    type: 'text',
    hidden: true,
    access: { create: never, update: never, read: never },
  })),
  {
    name: 'twoFactorLastStep',
    type: 'number',
    hidden: true,
    access: { create: never, update: never, read: never },
  },
  {
    name: 'twoFactorRecovery',
    type: 'json',
    hidden: true,
    access: { create: never, update: never, read: never },
  },
]
