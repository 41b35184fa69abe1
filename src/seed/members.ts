import type { Payload, PayloadRequest } from 'payload'

import type { User } from '@/payload-types'

/**
 * The demo accounts by id, read once, so the seed can write as each of them through the
 * members' own commands (runCommand).
 */
export async function membersById(payload: Payload, ids: number[]): Promise<Map<number, User>> {
  const { docs } = await payload.find({
    collection: 'users',
    where: { id: { in: ids } },
    pagination: false,
    depth: 0,
  })
  return new Map(docs.map((user) => [user.id, user]))
}

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
