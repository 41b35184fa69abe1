/**
 * What a reader is told without a connection: on a page the service worker kept
 * (src/serviceWorker/sw.ts) and when a write cannot leave (widgets/lib/api.ts).
 */
import { londonDate, londonWallClock, twoDigits } from './dates'

const londonDay = (at: Date) => londonDate(at, 'day')

/** 'You're offline — this page was saved at 14:32' (London time), with the day when not today. */
export function offlineNotice(savedAt: Date, now: Date): string {
  const w = londonWallClock(savedAt)
  const time = `${twoDigits(w.getUTCHours())}:${twoDigits(w.getUTCMinutes())}`
  const when =
    londonDay(savedAt) === londonDay(now) ? `at ${time}` : `on ${londonDate(savedAt, 'recent')}`
  return `You're offline — this page was saved ${when}`
}

/** Said when a form is sent without a connection: nothing is queued, the words stay put. */
export const OFFLINE_WRITE =
  "You're offline, so this wasn't sent. What you typed is still here: send it again once you're back online."
