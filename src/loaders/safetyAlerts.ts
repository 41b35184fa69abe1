import type { Payload, Where } from 'payload'

import { neighbourhoodRef, type NeighbourhoodRef } from '@/loaders/discussions'
import { neighbourhoodPoint } from '@/loaders/lostFound'
import { BANNER_MS } from '@/rules/safetyAlerts'
import type { SafetyAlert } from '@/payload-types'
import { sortIntoLists, toAlertView, type AlertView, type SafetyLists } from '@/views/safetyAlert'

/** The newest alerts one safety page lists (current, waiting and past together). */
const LISTED = 60

const verified: Where = { verifiedAt: { exists: true } }

/** Alerts as a visitor reads them: hidden ones never. */
async function readAlerts(payload: Payload, where: Where, limit: number) {
  const { docs } = await payload.find({
    collection: 'safety-alerts',
    where,
    sort: '-createdAt',
    limit,
    pagination: false,
    depth: 1,
    overrideAccess: false,
    populate: { users: { userName: true } },
  })
  return (docs as SafetyAlert[]).map(toAlertView)
}

export interface SafetyScreen extends SafetyLists {
  neighbourhood: NeighbourhoodRef
  /** Where the alert form's map opens; null: the neighbourhood has no point (no place then). */
  home: [number, number] | null
}

/** /neighbourhood/{slug}/safety: its alerts sorted into the three lists; null: no such place. */
export async function loadSafetyPage(payload: Payload, slug: string): Promise<SafetyScreen | null> {
  const neighbourhood = await neighbourhoodRef(payload, slug)
  if (!neighbourhood) return null
  const [alerts, home] = await Promise.all([
    readAlerts(payload, { neighbourhood: { equals: neighbourhood.id } }, LISTED),
    neighbourhoodPoint(payload, neighbourhood.id),
  ])
  return { neighbourhood, home, ...sortIntoLists(alerts) }
}

/** The verified alerts within their 48 hours: the neighbourhood page's banner. */
export function bannerAlerts(payload: Payload, neighbourhood: number): Promise<AlertView[]> {
  const since = new Date(Date.now() - BANNER_MS).toISOString()
  return readAlerts(
    payload,
    {
      and: [
        { neighbourhood: { equals: neighbourhood } },
        verified,
        { verifiedAt: { greater_than: since } },
      ],
    },
    3,
  )
}

/** The count beside the neighbourhood's 'Safety' tab: its verified alerts. */
export async function verifiedAlertCount(payload: Payload, neighbourhood: number) {
  const { totalDocs } = await payload.count({
    collection: 'safety-alerts',
    where: { and: [{ neighbourhood: { equals: neighbourhood } }, verified] },
    overrideAccess: false,
  })
  return totalDocs
}

/** /safety/{id}: the alert and its neighbourhood; null when there is none to show. */
export async function loadAlert(
  payload: Payload,
  id: number,
): Promise<{ alert: AlertView; neighbourhood: NeighbourhoodRef | null } | null> {
  const doc = (await payload.findByID({
    collection: 'safety-alerts',
    id,
    depth: 1,
    overrideAccess: false,
    disableErrors: true,
    populate: { users: { userName: true }, neighbourhoods: { slug: true, name: true } },
  })) as SafetyAlert | null
  if (!doc) return null
  const n = doc.neighbourhood
  return {
    alert: toAlertView(doc),
    neighbourhood: typeof n === 'object' && n ? { id: n.id, slug: n.slug, name: n.name } : null,
  }
}
