import type { Payload } from 'payload'

import { pgPool } from '@/server/database/db'
import { enrol } from '@/data/twoFactor'
import { reindexAll } from '@collections/Search/reindex'
import { runCommand } from '@collections/shared/command'
import { submitNeighbourhood } from '@collections/Neighbourhoods/endpoints/submit'

import {
  DEFAULT_SEED,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  buildSeedData,
  createRng,
  makeAvatar,
  makeNeighbourhoodImage,
} from './index'
import { seedCommunity } from './community'
import { seedSafetyAlerts } from './safetyAlerts'
import { LOST_FOUND_TARGET, seedLostFound } from './lostFound'
import { seedPages } from './pages'
import { makeMarketItems } from './market'
import { seedMarketTarget } from './marketTarget'
import { storeLocalSpots, storeUserBadges } from './storeSpots'
import { storeReviews } from './storeReviews'
import { seededMembers } from './members'

/**
 * Hooks skip live pushes and site rebuilds while seeding; review badges are stored from the
 * computed list instead of being awarded (and notified) one review at a time. Every demo
 * neighbourhood gets its population from the site's own census service whatever POPULATION_URL
 * says: the demo shows the same figures on every machine and its seed waits on no network.
 */
const context = {
  disableLive: true,
  disableRevalidate: true,
  populationService: 'embedded',
  disableBadges: true,
}

/**
 * Stores the demo data once: on a database that already has users or neighbourhoods it does
 * nothing, so every start may call it.
 */
export async function seedDatabase(payload: Payload, log: (line: string) => void = console.log) {
  const existing = await payload.count({ collection: 'neighbourhoods' })
  const users = await payload.count({ collection: 'users' })
  if (existing.totalDocs > 0 || users.totalDocs > 0) return { seeded: false }

  const data = buildSeedData(DEFAULT_SEED)
  const rng = createRng(DEFAULT_SEED)
  const userIds = new Map<string, number>()
  for (const user of data.users) {
    const avatar = await payload.create({
      collection: 'media',
      data: { alt: `${user.name}'s avatar`, purpose: 'avatar' },
      file: png(await makeAvatar(user.name, rng.fork(`avatar:${user.userName}`)), user.userName),
      context,
    })
    const created = await payload.create({
      collection: 'users',
      data: { ...user, password: DEMO_PASSWORD, avatar: avatar.id },
      context,
    })
    userIds.set(user.userName, created.id)
    // Staff must have a second factor (collections/access.ts): the demo's share one known key.
    if (user.role !== 'member') await enrol(payload, created.id, DEMO_TOTP_SECRET)
  }
  // Established accounts: created long ago with their e-mail confirmed, so their reports count
  // fully (src/rules/moderation.ts) and mail reaches them.
  await pgPool(payload).query(
    `UPDATE users SET created_at = now() - interval '400 days', email_confirmed_at = now() - interval '400 days'
      WHERE id = ANY($1::int[])`,
    [[...userIds.values()]],
  )
  // No password in the log, not even the demo's: the README gives it.
  log(`seed: ${data.users.length} users (their password is in the README)`)

  const member = seededMembers(payload)
  const neighbourhoodIds = new Map<string, number>()
  for (const n of data.neighbourhoods) {
    const buffer = await makeNeighbourhoodImage(n, rng.fork(`image:${n.slug}`))
    const image = await payload.create({
      collection: 'media',
      data: { alt: `${n.name}, London`, purpose: 'neighbourhood-image' },
      file: { data: buffer, mimetype: 'image/jpeg', name: `${n.slug}.jpg`, size: buffer.length },
      context,
    })
    const creator = data.users[neighbourhoodIds.size % data.users.length]!
    const { doc } = await runCommand(payload, 'neighbourhoods.submit', submitNeighbourhood, {
      user: await member(userIds.get(creator.userName)!),
      input: {
        name: n.name,
        slug: n.slug,
        tagline: n.tagline,
        vibes: n.vibes,
        latitude: n.latitude,
        longitude: n.longitude,
        image: image.id,
      },
      context,
    })
    neighbourhoodIds.set(n.slug, doc.id)
  }
  log(`seed: ${data.neighbourhoods.length} neighbourhoods`)

  const reviewIds = await storeReviews(payload, data, userIds, neighbourhoodIds, context)
  log(`seed: ${data.reviews.length} reviews`)

  const ids = { users: userIds, neighbourhoods: neighbourhoodIds }
  log(`seed: ${await storeLocalSpots(payload, data, ids, context)} local spots`)
  log(`seed: ${await storeUserBadges(payload, data, userIds, context)} review badges`)
  await seedCommunity(
    payload,
    rng.fork('community'),
    [...userIds.values()],
    [...neighbourhoodIds.values()],
    reviewIds,
    log,
  )
  log(`seed: ${await storeMarketItems(payload, data, ids)} market items`)
  if (process.env.SEED_SIZE === 'target') {
    const large = await seedMarketTarget(payload, rng.fork('market-target'), new Date())
    log(`seed: ${large} more market items (SEED_SIZE=target)`)
  }
  const places = data.neighbourhoods.map((n) => ({
    id: neighbourhoodIds.get(n.slug)!,
    latitude: n.latitude,
    longitude: n.longitude,
  }))
  const alerts = await seedSafetyAlerts(
    payload,
    rng.fork('safety-alerts'),
    places,
    [...userIds.values()],
    context,
  )
  log(`seed: ${alerts} safety alerts`)
  const lostFound = process.env.SEED_SIZE === 'target' ? LOST_FOUND_TARGET : null
  const posts = await seedLostFound(
    payload,
    rng.fork('lost-found'),
    [...userIds.values()],
    lostFound,
  )
  log(`seed: ${posts} lost and found posts`)
  log(`seed: ${await seedPages(payload, context)} static pages`)
  // The demo's notifications are its history, in the bell: nobody is mailed about them.
  await pgPool(payload).query('UPDATE notifications SET mail_due = false WHERE mail_due')
  // Reaction counters were set in bulk above: search's ratings are refreshed from them once.
  await reindexAll(pgPool(payload))
  return { seeded: true }
}

/** The market's demo items, stored as the collection stores them (its hooks run). */
async function storeMarketItems(
  payload: Payload,
  data: ReturnType<typeof buildSeedData>,
  ids: { users: Map<string, number>; neighbourhoods: Map<string, number> },
): Promise<number> {
  const items = makeMarketItems(data.neighbourhoods, data.users, new Date())
  for (const item of items) {
    const { neighbourhoodSlug, userName, ...fields } = item
    await payload.create({
      collection: 'market-items',
      data: {
        ...fields,
        neighbourhood: ids.neighbourhoods.get(neighbourhoodSlug)!,
        author: ids.users.get(userName),
      },
      context,
    })
  }
  return items.length
}

function png(data: Buffer, name: string) {
  return { data, mimetype: 'image/png', name: `${name}.png`, size: data.length }
}
