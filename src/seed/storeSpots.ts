import type { Payload, RequestContext } from 'payload'

import { pgPool } from '@/server/database/db'
import { runCommand } from '@collections/shared/command'
import { suggestSpot } from '@collections/LocalBusinesses/endpoints/create'

import type { SeedData } from './index'
import { seededMembers } from './members'

type Ids = Map<string, number>

/** Stores the demo's local spots (with their badges) as the members who suggested them. */
export async function storeLocalSpots(
  payload: Payload,
  data: SeedData,
  ids: { users: Ids; neighbourhoods: Ids },
  context: RequestContext,
): Promise<number> {
  const member = seededMembers(payload)
  const suggested: { id: number; createdAt: string }[] = []
  for (const spot of data.localSpots) {
    const neighbourhood = ids.neighbourhoods.get(spot.neighbourhoodSlug)
    const author = ids.users.get(spot.authorUserName)
    if (neighbourhood === undefined || author === undefined) continue
    const { doc } = await runCommand(payload, 'localSpots.suggest', suggestSpot, {
      user: await member(author),
      input: {
        name: spot.name,
        category: spot.category,
        description: spot.description,
        address: spot.address,
        googleMapsUrl: spot.googleMapsUrl,
        emojis: spot.emojis,
        neighbourhood,
      },
      context,
    })
    for (const badge of spot.badges) {
      await payload.create({
        collection: 'business-badges',
        data: { business: doc.id, ...badge },
        context,
      })
    }
    suggested.push({ id: doc.id, createdAt: spot.createdAt })
  }
  // The demo's history: members cannot backdate a spot, the seed can.
  await pgPool(payload).query(
    `UPDATE local_businesses SET created_at = h.created_at
       FROM unnest($1::int[], $2::timestamptz[]) AS h(id, created_at) WHERE local_businesses.id = h.id`,
    [suggested.map((s) => s.id), suggested.map((s) => s.createdAt)],
  )
  return suggested.length
}

/**
 * Stores the review badges computed from the seeded reviews (the seed turns the award hook off
 * with context.disableBadges, so no "You earned" notifications are sent for history).
 */
export async function storeUserBadges(
  payload: Payload,
  data: SeedData,
  users: Ids,
  context: RequestContext,
): Promise<number> {
  let stored = 0
  for (const badge of data.userBadges) {
    const user = users.get(badge.userName)
    if (user === undefined) continue
    await payload.create({
      collection: 'user-badges',
      data: {
        user,
        badgeName: badge.badgeName,
        colour: badge.colour,
        icon: badge.icon,
        awardedAt: badge.awardedAt,
      },
      context,
    })
    stored++
  }
  return stored
}
