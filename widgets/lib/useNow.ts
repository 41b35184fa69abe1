import { useEffect, useState } from 'react'

/**
 * The time relative labels are counted from: the server's render time while hydrating (so the
 * markup matches the HTML), then the browser's clock, moved on every 30 s.
 */
export function useNow(serverNow?: string): Date {
  const [now, setNow] = useState(() => (serverNow ? new Date(serverNow) : new Date()))
  useEffect(() => {
    setNow(new Date())
    const timer = setInterval(() => setNow(new Date()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
