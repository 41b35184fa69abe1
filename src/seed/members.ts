import type { Payload } from 'payload'

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
