import { useSyncExternalStore } from 'react'

import { relativeTime } from '@/views/relativeTime'

interface Props {
  /** ISO date. */
  iso: string
  /** What the static HTML shows (an absolute date), until the browser's clock takes over. */
  text: string
}

const TICK_MS = 60_000
const minute = () => Math.floor(Date.now() / TICK_MS)
function subscribeToClock(onTick: () => void) {
  const timer = setInterval(onTick, TICK_MS)
  return () => clearInterval(timer)
}

/**
 * A date that reads '3 hours ago' in the browser (SPEC §9 relative time) and stays correct on a
 * prerendered page: the HTML carries the absolute date (null server snapshot, so hydration
 * matches), then the relative label, refreshed every minute.
 */
export default function TimeAgo({ iso, text }: Props) {
  const tick = useSyncExternalStore(subscribeToClock, minute, () => null)
  return (
    <time dateTime={iso} title={text}>
      {tick === null ? text : relativeTime(iso)}
    </time>
  )
}
