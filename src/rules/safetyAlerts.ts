/**
 * Safety alerts: what neighbours may raise, how often, and how long a verified one stays a
 * banner on its neighbourhood's page. Alerts are pushed only after an editor verified them.
 */
export const ALERT_CATEGORIES = [
  'crime',
  'fire',
  'flood',
  'road',
  'power-outage',
  'water-outage',
  'missing-person',
  'other',
] as const
export type AlertCategory = (typeof ALERT_CATEGORIES)[number]

export const ALERT_CATEGORY_LABELS: Record<AlertCategory, string> = {
  crime: 'Crime',
  fire: 'Fire',
  flood: 'Flood',
  road: 'Road',
  'power-outage': 'Power outage',
  'water-outage': 'Water outage',
  'missing-person': 'Missing person',
  other: 'Other',
}

/** Alerts one member may raise in any 24 hours; hidden (removed) ones count too. */
export const ALERTS_PER_DAY = 3
export const ALERT_DAY_MS = 24 * 60 * 60 * 1000

/** How long a verified alert is the neighbourhood page's banner. */
export const BANNER_MS = 48 * 60 * 60 * 1000

export const EMERGENCY_NOTE = 'In an emergency call 999'

export const ALERT_MESSAGES = {
  category: 'Choose what kind of alert this is.',
  title: 'Give the alert a title.',
  titleTooLong: 'Titles are limited to 100 characters.',
  body: 'Say what happened.',
  bodyTooLong: 'What happened is limited to 1000 characters.',
  when: 'Say when it happened.',
  future: 'When it happened cannot be in the future.',
  place: 'Choose the place on the map, or leave it out.',
  tooFar: 'Choose a place within 2 km of the neighbourhood.',
  dailyLimit: `You can raise at most ${ALERTS_PER_DAY} alerts a day. In an emergency call 999.`,
  editorsOnly: 'Only editors can verify alerts.',
  notFound: 'Could not find this alert.',
  alreadyVerified: 'This alert is already verified.',
  raiseFailed: 'Failed to raise the alert.',
  // Until an editor verified it, readers are told it may not be true: no one talks about it yet.
  notYetOpen:
    'This alert is not yet verified: comments and reactions open once an editor has verified it.',
} as const

/** Whether an alert verified at `verifiedAt` is still its neighbourhood's banner at `now`. */
export const isBannerTime = (verifiedAt: string | Date | null | undefined, now = Date.now()) => {
  if (!verifiedAt) return false
  const at = new Date(verifiedAt).getTime()
  return at <= now && now - at < BANNER_MS
}
