import { useEffect, useState } from 'react'

/** False while rendering on the server and during hydration, true once the island runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
