import { atom } from 'nanostores'

import { EVENT_CLOCK, type Clock } from '@/views/event'

/**
 * The reader's locale and time zone for dates. Static and on-demand HTML is rendered in London's
 * (the same text on the server and at hydration); the island then adopts the reader's own.
 */
export const $clock = atom<Clock>(EVENT_CLOCK)

export function adoptViewerClock() {
  const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions()
  $clock.set({ locale: navigator.language || locale, timeZone })
}
