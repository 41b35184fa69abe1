import { atom, computed } from 'nanostores'

import { listDocuments, send } from '@widgets/lib/client'
import { toMapNeighbourhood } from '@/views/map'
import {
  hasMore,
  neighbourhoodsQuery,
  searchForFilter,
  type MapFilter,
  type MapNeighbourhood,
  type MapPin,
} from './mapData'

/** The pages loaded for one filter (key: its query string). */
interface Loaded {
  key: string | null
  items: MapNeighbourhood[]
  page: number
  more: boolean
}

/** What the map shows: the loaded neighbourhoods of the current filter and the picked one. */
export const $loaded = atom<Loaded>({ key: null, items: [], page: 0, more: false })
export const $loadingMore = atom(false)
/** The neighbourhood whose card shows (under the pointer or focus, or the search's first hit). */
export const $picked = atom<MapNeighbourhood | null>(null)
/** The first result of a name search: the map recentres on it. */
export const $focus = atom<MapNeighbourhood | null>(null)
// undefined until the first filter is asked for: the server render says 'Loading...'.
const $filterKey = atom<string | undefined>(undefined)

/** The filter's neighbourhoods, empty while a new filter's first page is on its way. */
export const $items = computed([$loaded, $filterKey], (loaded, key) =>
  loaded.key === key ? loaded.items : [],
)
export const $more = computed(
  [$loaded, $filterKey],
  (loaded, key) => loaded.key === key && loaded.more,
)
export const $status = computed([$loaded, $filterKey, $loadingMore], (loaded, key, busy) =>
  loaded.key !== key || busy ? ('loading' as const) : ('ready' as const),
)
/** The card shows a neighbourhood that is still on the map. */
export const $selected = computed([$picked, $items], (picked, items) =>
  picked && items.some((n) => n.id === picked.id) ? picked : null,
)

/** One page of neighbourhoods; SPEC §8: map fetch errors are logged, not shown (an empty page). */
async function fetchPage(filter: MapFilter, page: number): Promise<MapNeighbourhood[]> {
  try {
    const { docs } = await listDocuments('neighbourhoods', neighbourhoodsQuery(filter, page))
    return docs.map(toMapNeighbourhood)
  } catch (error) {
    console.error('map: loading neighbourhoods failed', error)
    return []
  }
}

/**
 * SPEC §4: a new filter starts paging again (20 by name); a name search focuses its first hit.
 * The unfiltered first page is the one the page came with (`firstPage`): no request for it.
 */
export async function showFilter(filter: MapFilter, firstPage?: MapNeighbourhood[]): Promise<void> {
  const key = searchForFilter(filter)
  $filterKey.set(key)
  const docs = key === '' && firstPage ? firstPage : await fetchPage(filter, 1)
  if ($filterKey.get() !== key) return
  $loaded.set({ key, items: docs, page: 1, more: hasMore(docs.length) })
  if (filter.query && docs[0]) {
    $focus.set(docs[0])
    $picked.set(docs[0])
  }
}

/** Load More: the next page of the current filter, without duplicates. */
export async function loadMore(filter: MapFilter): Promise<void> {
  const key = searchForFilter(filter)
  const loaded = $loaded.get()
  if (loaded.key !== key || !loaded.more || $loadingMore.get()) return
  $loadingMore.set(true)
  try {
    const docs = await fetchPage(filter, loaded.page + 1)
    const now = $loaded.get()
    if (now.key !== key) return
    const fresh = docs.filter((d) => !now.items.some((x) => x.id === d.id))
    $loaded.set({
      key,
      items: [...now.items, ...fresh],
      page: now.page + 1,
      more: hasMore(docs.length),
    })
  } finally {
    $loadingMore.set(false)
  }
}

export const pick = (n: MapNeighbourhood | null) => $picked.set(n)

/** The lost and found layer's pins: null while the layer is off. */
export const $pins = atom<readonly MapPin[] | null>(null)

/** Turns the lost and found layer on (reading its pins once) or off. */
export async function showLostFound(on: boolean): Promise<void> {
  if (!on) return $pins.set(null)
  // On at once (the toggle shows it); the pins follow.
  $pins.set([])
  try {
    const { pins } = await send('lostFound.pins', {})
    if ($pins.get()) $pins.set(pins)
  } catch (error) {
    // As the neighbourhoods' errors: logged, the layer stays empty (SPEC §8).
    console.error('map: lost and found pins failed to load', error)
  }
}
