import { atom } from 'nanostores'

import { londonIsOnSummerTime } from '@/rules/dates'
import { EVENT_CLOCK, type Clock } from '@/views/event'

/**
 * The reader's locale and time zone for dates. Static and on-demand HTML is rendered in London's
 * (the same text on the server and at hydration, written without Intl); the island then adopts
 * the reader's own.
 */
export const $clock = atom<Clock>(EVENT_CLOCK)

const WEEK_MS = 7 * 24 * 3_600_000

/**
 * A reader in en-GB whose clock keeps London's offset every week of the next two years sees
 * exactly London's text (bar the zone's short name in Dublin or Lisbon), so Intl is not needed.
 * getTimezoneOffset does not start ICU, which a page's first Intl call does (tens of
 * milliseconds on a phone).
 */
function readsAsLondon(): boolean {
  if (navigator.language !== EVENT_CLOCK.locale) return false
  const now = Date.now()
  for (let week = 0; week <= 104; week++) {
    const at = new Date(now + week * WEEK_MS)
    if (-at.getTimezoneOffset() !== (londonIsOnSummerTime(at) ? 60 : 0)) return false
  }
  return true
}

let adopted = false

/**
 * Switches dates to the reader's clock once the page is idle, in two tasks: the first starts ICU
 * for the reader's locale (a page's first Intl call, tens of milliseconds on a phone), the second
 * redraws the dates with it warm. One task doing both was the events page's longest.
 */
export function adoptViewerClock() {
  if (adopted) return
  adopted = true
  whenIdle(() => {
    if (readsAsLondon()) return
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions()
    const clock = { locale: navigator.language || locale, timeZone }
    new Intl.DateTimeFormat(clock.locale, {
      timeZone,
      dateStyle: 'full',
      timeStyle: 'short',
    }).format(0)
    whenIdle(() => $clock.set(clock))
  })
}

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 0)
}
