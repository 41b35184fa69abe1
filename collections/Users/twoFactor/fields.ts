import type { Field, FieldAccess } from 'payload'

const never: FieldAccess = () => false

/**
 * Two-factor sign-in's columns (totp.ts reads and writes them in SQL). `twoFactorSince` says
 * whether it is on (the account itself and admins read it; the session's account carries it, so
 * collections/access.ts can require it of staff). The key, a key being set up, the last used
 * time step and the recovery codes' hashes are hidden: no REST, GraphQL or admin read or write.
 */
export const twoFactorFields = (ownerOrAdmin: FieldAccess): Field[] => [
  {
    name: 'twoFactorSince',
    type: 'date',
    access: { create: never, update: never, read: ownerOrAdmin },
    admin: {
      readOnly: true,
      position: 'sidebar',
      description: 'When two-factor sign-in was turned on (empty: off).',
      date: { pickerAppearance: 'dayAndTime' },
    },
  },
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
