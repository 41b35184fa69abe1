import { useSyncExternalStore } from 'react'

/**
 * The one address-in-URL store of the islands (the map's ?query=&vibe=, the list's ?vibe=&search=):
 * the page address's query string as React state. The server's HTML (and hydration) sees
 * `serverSearch` (what the server rendered: '' for a static file) and `hydrated` false; the
 * browser's real value follows straight after, without a mismatch.
 */
const EVENT = 'belong:address'

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange)
  window.addEventListener(EVENT, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(EVENT, onChange)
  }
}

export function useAddressSearch(serverSearch = ''): { search: string; hydrated: boolean } {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => serverSearch,
  )
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
  return { search, hydrated }
}

/**
 * Replaces the query string (no new history entry, history state and #hash kept) and tells
 * every `useAddressSearch`.
 */
export function replaceSearch(search: string) {
  const { pathname, hash } = window.location
  window.history.replaceState(window.history.state, '', `${pathname}${search}${hash}`)
  window.dispatchEvent(new Event(EVENT))
}
