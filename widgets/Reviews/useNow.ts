import { useEffect, useState } from 'react'

/**
 * 'Now' for relative times. The first render uses the moment the HTML was made, so hydration
 * matches the prerendered text; then the real clock takes over and ticks once a minute.
 */
export function useNow(renderedAt: string): Date {
  const [now, setNow] = useState(() => new Date(renderedAt))
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
