import type { Payload, PayloadRequest } from 'payload'

type Member = NonNullable<PayloadRequest['user']>

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
