import type { Payload } from 'payload'

import type { User } from '@/payload-types'
import { toSettingsView, type SettingsView } from '@/views/settings'

/**
 * The signed-in account's settings for /profile/settings. Read with overridden access for the
 * one field members never read (whether an external sign-in made the account), and only for the
 * viewer's own id, which the page took from the session.
 */
export async function loadSettings(
  payload: Payload,
  viewerId: number,
): Promise<SettingsView | null> {
  const user = await ownAccount(payload, viewerId)
  return user ? toSettingsView(user) : null
}

/** The viewer's own account row (the Settings pages' loaders), null once it is gone. */
export async function ownAccount(payload: Payload, viewerId: number): Promise<User | null> {
  return (await payload.findByID({
    collection: 'users',
    id: viewerId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })) as User | null
}
