import type { Payload } from 'payload'

import type { AlertCategory } from '@/rules/safetyAlerts'
import type { Rng } from './random'

/** Demo safety alerts: per neighbourhood one waiting for an editor and two verified ones. */
const ALERTS: [AlertCategory, string, string][] = [
  [
    'road',
    'Burst water main on the high street',
    'The road is closed between the station and the market; buses are diverted.',
  ],
  [
    'power-outage',
    'Power cut on several streets',
    'The network operator says power should be back by the evening.',
  ],
  [
    'crime',
    'Bikes stolen from the station racks',
    'Three bikes taken overnight. Lock to the racks under the camera if you can.',
  ],
  [
    'flood',
    'Underpass flooded after the storm',
    'Ankle-deep water in the underpass by the park; use the crossing instead.',
  ],
  [
    'fire',
    'Fire at the old depot',
    'The fire brigade is on site. Keep windows shut if smoke reaches your street.',
  ],
  [
    'water-outage',
    'No water on the east side',
    'The water company is repairing a pipe. Bottled water at the community centre.',
  ],
]

const HOUR = 3_600_000

/**
 * Verified alerts' times are relative to now so the demo always shows one current banner (the
 * first neighbourhoods) and past ones; a place, when given, is near the neighbourhood's point.
 */
export async function seedSafetyAlerts(
  payload: Payload,
  rng: Rng,
  neighbourhoods: { id: number; latitude: number; longitude: number }[],
  users: number[],
  context: Record<string, unknown>,
): Promise<number> {
  const now = Date.now()
  let made = 0
  for (const [i, n] of neighbourhoods.entries()) {
    const plan = [
      { verifiedHoursAgo: i < 3 ? 2 : 30 * 24, happenedHoursAgo: i < 3 ? 3 : 30 * 24 + 1 },
      { verifiedHoursAgo: 7 * 24, happenedHoursAgo: 7 * 24 + 2 },
      { verifiedHoursAgo: null, happenedHoursAgo: 1 },
    ]
    for (const [j, when] of plan.entries()) {
      const [category, title, body] = ALERTS[(i + j) % ALERTS.length]!
      await payload.create({
        collection: 'safety-alerts',
        data: {
          category,
          title,
          body,
          neighbourhood: n.id,
          author: rng.pick(users),
          happenedAt: new Date(now - when.happenedHoursAgo * HOUR).toISOString(),
          ...(j === 0 ? { latitude: n.latitude + 0.002, longitude: n.longitude - 0.002 } : {}),
          verifiedAt:
            when.verifiedHoursAgo === null
              ? null
              : new Date(now - when.verifiedHoursAgo * HOUR).toISOString(),
        },
        overrideAccess: true,
        context,
      })
      made++
    }
  }
  return made
}
