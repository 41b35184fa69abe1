import type { Payload, PayloadRequest } from 'payload'

import type { User } from '@/payload-types'

type Member = NonNullable<PayloadRequest['user']>

/**
 * The demo accounts by id, read in one query, so the seed can write as each of them through the
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
 * The seeded members as their sessions hold them, to run commands as them (read once each):
 * the demo's posts are written by the same commands members use.
 */
export function seededMembers(payload: Payload): (id: number) => Promise<Member> {
  const known = new Map<number, Promise<Member>>()
  return (id) => {
    const found =
      known.get(id) ??
      payload
        .findByID({ collection: 'users', id, depth: 0, overrideAccess: true })
        .then((user) => ({ ...user, collection: 'users' as const }))
    known.set(id, found)
    return found
  }
}
