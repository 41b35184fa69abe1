import type { Payload, PayloadRequest } from 'payload'

/**
 * The seed's members as a command's caller (runCommand): each account read once, so a post is
 * written as its author exactly as the site would write it.
 */
export function memberLookup(payload: Payload) {
  const known = new Map<number, NonNullable<PayloadRequest['user']>>()
  return async (id: number) => {
    const found = known.get(id)
    if (found) return found
    const user = await payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true })
    const member = { ...user, collection: 'users' as const }
    known.set(id, member)
    return member
  }
}
