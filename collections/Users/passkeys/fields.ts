import type { Field, FieldAccess } from 'payload'

import { sinceField } from '@collections/Users/twoFactor/fields'

/**
 * When the account's first passkey was added (empty: it has none), kept by src/data/passkeys.ts.
 * The session's account carries it, so collections/access.ts counts a passkey as the staff
 * second factor. The passkeys themselves live in the `passkeys` table (no API reads it).
 */
export const passkeyFields = (ownerOrAdmin: FieldAccess): Field[] => [
  sinceField(
    'passkeysSince',
    'When the first passkey was added (empty: no passkey).',
    ownerOrAdmin,
  ),
]
