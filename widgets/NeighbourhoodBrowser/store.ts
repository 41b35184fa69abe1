import { atom, map } from 'nanostores'

import {
  filterSearchParams,
  HOME_GRID_SIZE,
  LIST_PAGE_SIZE,
  neighbourhoodListQuery,
  type NeighbourhoodFilter,
  type VibeFilter,
} from '@/rules/neighbourhoodSearch'
import {
  neighbourhoodCard,
  type NeighbourhoodCardPage,
  type NeighbourhoodCardView,
} from '@/views/neighbourhood'
import { replaceSearch } from '@widgets/lib/address'
import { listDocuments } from '@widgets/lib/client'

/** The search applied from the home hero; the home's 'Explore by Vibe' grid filters by it. */
export const $homeSearch = atom('')

/** The vibe chosen in the home's grid (the list page keeps its vibe in the address). */
export const $homeVibe = atom<VibeFilter>('All')

export type BrowserMode = 'home' | 'list'

/**
 * The grid of the home or of /neighbourhoods: the cards shown and how many pages of them, the
 * read under way or failed, and what the live region announces.
 */
export interface BrowserState {
  mode: BrowserMode
  cards: NeighbourhoodCardView[]
  totalDocs: number
  hasNextPage: boolean
  /** How many pages of cards are shown. */
  page: number
  loading: boolean
  /** The page whose read failed ('Try again' asks for it again). */
  failed: number | null
  /** What the live region says after a read ('' until the first). */
  announce: string
  /** Where the cards a 'Show more' brought start: keyboard users carry on from there. */
  firstNew: number | null
  /** False until the island took over from the server-rendered props. */
  initialized: boolean
}

/** The grid as the server rendered it, before the island takes over. */
export const renderedState = (mode: BrowserMode, initial: NeighbourhoodCardPage): BrowserState => ({
  mode,
  cards: initial.cards,
  totalDocs: initial.totalDocs,
  hasNextPage: initial.hasNextPage,
  page: initial.pages ?? 1,
  loading: false,
  failed: null,
  announce: '',
  firstNew: null,
  initialized: false,
})

export const $browser = map<BrowserState>(
  renderedState('home', { cards: [], totalDocs: 0, hasNextPage: false }),
)

const change = (next: Partial<BrowserState>) => $browser.set({ ...$browser.get(), ...next })

/** The island takes over from what the server rendered. */
export function initBrowser(mode: BrowserMode, initial: NeighbourhoodCardPage) {
  $browser.set({ ...renderedState(mode, initial), initialized: true })
}

/** The home grid shows one row of cards; the list all it read. */
export const gridSize = (mode: BrowserMode) => (mode === 'home' ? HOME_GRID_SIZE : LIST_PAGE_SIZE)

export function statusText(shown: number, total: number) {
  if (total === 0) return ''
  return `Showing ${shown} of ${total} ${total === 1 ? 'neighbourhood' : 'neighbourhoods'}`
}

/** Keeps the view in the address (SPEC §2: ?vibe=, removed for All) without a history entry. */
const setAddress = (filter: NeighbourhoodFilter, pages = 1) =>
  replaceSearch(filterSearchParams(window.location.search, filter, pages))

/** Home: the hero's search and the grid's vibe. List: the address is the filter. */
export function chooseFilter(next: NeighbourhoodFilter) {
  if ($browser.get().mode === 'home') {
    $homeVibe.set(next.vibe)
    $homeSearch.set(next.search)
  } else setAddress(next)
}

/** The read under way: a newer one (another filter, Show more) replaces it. */
let request: AbortController | null = null

/**
 * Reads one page of the filter's cards from the REST API (the first replaces the grid, a later
 * one adds to it); a failure keeps what is shown and offers to try again.
 */
export async function loadNeighbourhoods(wanted: NeighbourhoodFilter, page: number) {
  request?.abort()
  const controller = new AbortController()
  request = controller
  const { mode } = $browser.get()
  const home = mode === 'home'
  const limit = gridSize(mode)
  $browser.setKey('loading', true)
  try {
    const answer = await listDocuments(
      'neighbourhoods',
      neighbourhoodListQuery(wanted, { page, limit, order: home ? 'name' : 'newest' }),
      { signal: controller.signal, shared: true },
    )
    if (controller.signal.aborted) return
    const cards = answer.docs.map(neighbourhoodCard)
    const all = page === 1 ? cards : [...$browser.get().cards, ...cards]
    change({
      cards: all,
      totalDocs: answer.totalDocs,
      hasNextPage: answer.hasNextPage,
      page,
      loading: false,
      failed: null,
      announce:
        answer.totalDocs === 0
          ? home
            ? 'No neighbourhoods found'
            : 'No neighbourhoods match your filters'
          : statusText(home ? Math.min(all.length, limit) : all.length, answer.totalDocs),
      firstNew: page > 1 ? all.length - cards.length : null,
    })
    // The address keeps how many pages are shown (a reload or a shared link shows them all).
    if (page > 1 && !home) setAddress(wanted, page)
  } catch (error) {
    if (controller.signal.aborted) return
    console.error(error)
    change({
      loading: false,
      failed: page,
      announce: 'Could not load neighbourhoods. Please try again.',
    })
  }
}
