import type { Field, FieldAccess } from 'payload'

const never: FieldAccess = () => false

/**
 * When the account's first passkey was added (empty: it has none), kept by src/data/passkeys.ts.
 * The session's account carries it, so collections/access.ts counts a passkey as the staff
 * second factor. The passkeys themselves live in the `passkeys` table (no API reads it).
 */
export const passkeyFields = (ownerOrAdmin: FieldAccess): Field[] => [
  {
    name: 'passkeysSince',
    type: 'date',
    access: { create: never, update: never, read: ownerOrAdmin },
    admin: {
      readOnly: true,
      position: 'sidebar',
      description: 'When the first passkey was added (empty: no passkey).',
      date: { pickerAppearance: 'dayAndTime' },
    },
  },
]
