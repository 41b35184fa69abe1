import Bowser from 'bowser'

import { DEVICES_TEXT, LAST_USED_EVERY_MS } from '@/rules/devices'
import { relativeTime } from './relativeTime'

/** One signed-in session as the database holds it (src/data/sessions.ts). */
export interface SessionRecord {
  sid: string
  userAgent: string
  signedInAt: Date
  lastUsedAt: Date | null
}

/** One row of Settings → Your devices. */
export interface DeviceView {
  sid: string
  /** 'Chrome on Windows', 'Safari on iPhone'. */
  device: string
  lastUsed: string
  signedIn: string
  current: boolean
}

const MOBILE_MODELS = new Set(['iPhone', 'iPad'])

/** A user agent in words: the browser and the system, never versions (they add nothing here). */
export function describeUserAgent(userAgent: string): string {
  if (!userAgent.trim()) return DEVICES_TEXT.unknownBrowser
  const { browser, os, platform } = Bowser.parse(userAgent)
  const model = platform.model && MOBILE_MODELS.has(platform.model) ? platform.model : undefined
  const system = model ?? os.name
  if (!browser.name) return system ? `An app on ${system}` : DEVICES_TEXT.unknownBrowser
  return system ? `${browser.name} on ${system}` : browser.name
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
})

/**
 * The rows, this device first, then the most recently used. The last use is written at most
 * every few minutes, so anything newer than that reads 'in the last few minutes'.
 */
export function toDeviceViews(
  sessions: SessionRecord[],
  currentSid: string | undefined,
  now = new Date(),
): DeviceView[] {
  const used = (s: SessionRecord) => (s.lastUsedAt ?? s.signedInAt).getTime()
  return [...sessions]
    .sort(
      (a, b) => Number(b.sid === currentSid) - Number(a.sid === currentSid) || used(b) - used(a),
    )
    .map((s) => {
      const current = s.sid === currentSid
      const recent = now.getTime() - used(s) < LAST_USED_EVERY_MS
      return {
        sid: s.sid,
        device: describeUserAgent(s.userAgent),
        lastUsed: current
          ? DEVICES_TEXT.activeNow
          : DEVICES_TEXT.lastUsed(
              recent ? DEVICES_TEXT.recently : relativeTime(new Date(used(s)), now),
            ),
        signedIn: DEVICES_TEXT.signedIn(dateFormat.format(s.signedInAt)),
        current,
      }
    })
}
