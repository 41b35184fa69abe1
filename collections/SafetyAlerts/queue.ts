import type { Payload } from 'payload'

import type { SafetyAlert } from '@/payload-types'

/** How many unverified alerts the dashboard lists; the rest are one link away. */
const SHOWN = 10

/** The editors' queue: alerts not yet verified and not hidden, oldest first. */
export async function alertsToVerify(payload: Payload) {
  const { docs, totalDocs } = await payload.find({
    collection: 'safety-alerts',
    where: { and: [{ verifiedAt: { exists: false } }, { hidden: { not_equals: true } }] },
    sort: 'createdAt',
    limit: SHOWN,
    depth: 1,
    overrideAccess: true,
  })
  return { alerts: docs as SafetyAlert[], total: totalDocs }
}
