import type { Payload, RequestContext } from 'payload'

import type { SeedData } from './index'

type Ids = Map<string, number>

/** Stores the demo's local spots (with their badges) as the members who suggested them. */
export async function storeLocalSpots(
  payload: Payload,
  data: SeedData,
  ids: { users: Ids; neighbourhoods: Ids },
  context: RequestContext,
): Promise<number> {
  let stored = 0
  for (const spot of data.localSpots) {
    const neighbourhood = ids.neighbourhoods.get(spot.neighbourhoodSlug)
    const author = ids.users.get(spot.authorUserName)
    if (neighbourhood === undefined || author === undefined) continue
    const created = await payload.create({
      collection: 'local-businesses',
      data: {
        name: spot.name,
        category: spot.category,
        description: spot.description,
        address: spot.address,
        googleMapsUrl: spot.googleMapsUrl,
        emojis: spot.emojis,
        neighbourhood,
        author,
        createdAt: spot.createdAt,
      },
      context,
    })
    for (const badge of spot.badges) {
      await payload.create({
        collection: 'business-badges',
        data: { business: created.id, ...badge },
        context,
      })
    }
    stored++
  }
  return stored
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
