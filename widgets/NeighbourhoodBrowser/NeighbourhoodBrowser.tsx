import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'

import {
  filterFromSearchParams,
  neighbourhoodListHref,
  NO_FILTER,
  VIBE_FILTERS,
  type NeighbourhoodFilter,
} from '@/rules/neighbourhoodSearch'
import type { NeighbourhoodCardPage, NeighbourhoodCardView } from '@/views/neighbourhood'
import { useAddressSearch } from '@widgets/lib/address'
import { useHydrated } from '@widgets/lib/useHydrated'
import CompareTray from '@widgets/Compare/CompareTray'
import { NeighbourhoodCardItem } from './Card'
import { EmptyState } from './EmptyState'
import { SearchBox } from './SearchBox'
import {
  $browser,
  $homeSearch,
  $homeVibe,
  chooseFilter,
  gridSize,
  initBrowser,
  loadNeighbourhoods,
  renderedState,
  statusText,
} from './store'
import './NeighbourhoodBrowser.css'

interface Props {
  /** home: 8 cards by name, search from the hero; list: newest first, own search, ?vibe=, Show more. */
  mode: 'home' | 'list'
  /** The cards the server rendered: the static file's first page, or the view `address` asks for. */
  initial: NeighbourhoodCardPage
  /** List: the query string the server rendered (`?search=&vibe=&pages=`; '' for the static file). */
  address?: string
  /** Home empty state: the newest neighbourhoods. */
  suggestions?: NeighbourhoodCardView[]
}

/**
 * The 'Explore by Vibe' grid of the home and the grid of /neighbourhoods: vibe chips, search,
 * cards, Show more and the empty state. Server-rendered with the build's first page, then reads
 * the REST API as filters change (results announced in a live region).
 */
export default function NeighbourhoodBrowser({
  mode,
  initial,
  address: rendered = '',
  suggestions = [],
}: Props) {
  const home = mode === 'home'
  const limit = gridSize(mode)
  // The home grid may hydrate after the hero's search was applied (it loads once near the
  // view): hydrate from the server's unfiltered view, then take the search (which reads it).
  const hydrated = useHydrated()
  const appliedSearch = useStore($homeSearch)
  const homeVibe = useStore($homeVibe)
  const homeSearch = hydrated ? appliedSearch : ''

  // Home: the hero's search and the grid's vibe. List: the address is the state (?vibe=&search=);
  // the server rendered the view of `rendered`, so hydration starts from the same filter.
  const { search: address } = useAddressSearch(rendered)
  const filter: NeighbourhoodFilter = home
    ? { search: homeSearch, vibe: homeVibe }
    : filterFromSearchParams(address)
  const { vibe } = filter

  // The list's search box follows the applied search (opened with ?search=, or cleared).
  const [draft, setDraft] = useState(filter.search)
  const [draftOf, setDraftOf] = useState(filter.search)
  if (draftOf !== filter.search) {
    setDraftOf(filter.search)
    setDraft(filter.search)
  }

  const store = useStore($browser)
  const { cards, totalDocs, hasNextPage, page, loading, failed, announce, firstNew } =
    store.initialized ? store : renderedState(mode, initial)
  const grid = useRef<HTMLDivElement>(null)
  const firstRender = useRef(true)

  useEffect(
    () => initBrowser(mode, initial),
    // The server's cards are where the island starts; later ones are the store's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mode],
  )

  // Keyboard users carry on from the first card a 'Show more' brought, once it is rendered.
  useEffect(() => {
    if (firstNew === null) return
    grid.current?.querySelectorAll<HTMLAnchorElement>('.card-link')[firstNew]?.focus()
  }, [cards, firstNew])

  // Any filter change reads page 1 again (the first render shows the server's view of it).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    void loadNeighbourhoods(filter, 1)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter.search, filter.vibe])

  function applySearch(event: FormEvent) {
    event.preventDefault()
    chooseFilter({ ...filter, search: draft.trim() })
  }

  const shown = home ? cards.slice(0, limit) : cards
  const search = filter.search.trim()

  return (
    <div className={`nb nb-${mode}`}>
      <div className="nb-toolbar">
        {!home && (
          <SearchBox
            id="neighbourhood-search"
            className="nb-search"
            // Before hydration Enter still works: a GET to this page, which the island reads.
            action="/neighbourhoods"
            name="search"
            hidden={vibe === 'All' ? {} : { vibe }}
            value={draft}
            onChange={setDraft}
            onSubmit={applySearch}
          />
        )}
        {/* Before or without JavaScript each chip submits a GET to the list (the server filters). */}
        <form
          className="vibe-chips"
          role="group"
          aria-label="Filter by vibe"
          action="/neighbourhoods"
          method="get"
        >
          {!home && search && <input type="hidden" name="search" value={search} />}
          {VIBE_FILTERS.map((v) => (
            <button
              key={v}
              type="submit"
              name="vibe"
              value={v}
              className="vibe-chip"
              aria-pressed={vibe === v}
              onClick={(e) => {
                e.preventDefault()
                chooseFilter({ ...filter, vibe: v })
              }}
            >
              {v}
            </button>
          ))}
        </form>
        {home && (
          <a
            className="explore-more"
            href={
              vibe === 'All'
                ? '/neighbourhoods'
                : `/neighbourhoods?vibe=${encodeURIComponent(vibe)}`
            }
          >
            Explore more <span aria-hidden="true">→</span>
          </a>
        )}
      </div>

      <p
        className={home || shown.length === 0 ? 'nb-status sr-only' : 'nb-status'}
        aria-live="polite"
        aria-atomic="true"
      >
        {announce || statusText(shown.length, totalDocs)}
      </p>

      {failed !== null && (
        <p className="nb-error" role="alert">
          Could not load neighbourhoods.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => void loadNeighbourhoods(filter, failed)}
          >
            Try again
          </button>
        </p>
      )}

      {shown.length > 0 ? (
        <div className="grid nb-grid" ref={grid} aria-busy={loading}>
          {shown.map((n) => (
            <NeighbourhoodCardItem key={n.id} n={n} />
          ))}
        </div>
      ) : (
        failed === null && (
          <EmptyState
            home={home}
            search={search}
            vibe={vibe}
            loading={loading}
            suggestions={suggestions}
            onClear={() => chooseFilter(NO_FILTER)}
          />
        )
      )}

      {!home && hasNextPage && shown.length > 0 && (
        <p className="nb-more">
          {/* A real link to the longer list; the island loads the next page in place. */}
          <a
            className="button secondary"
            href={neighbourhoodListHref(filter, page + 1)}
            aria-disabled={loading || undefined}
            onClick={(e) => {
              e.preventDefault()
              if (!loading) void loadNeighbourhoods(filter, page + 1)
            }}
          >
            {loading ? 'Loading…' : 'Show more neighbourhoods'}
          </a>
        </p>
      )}
      <CompareTray />
    </div>
  )
}
