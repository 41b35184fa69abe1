import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'

import {
  neighbourhoodCard,
  type NeighbourhoodCardPage,
  type NeighbourhoodCardView,
} from '@/views/neighbourhood'
import {
  filterFromSearchParams,
  filterSearchParams,
  HOME_GRID_SIZE,
  LIST_PAGE_SIZE,
  neighbourhoodListHref,
  neighbourhoodListQuery,
  NO_FILTER,
  VIBE_FILTERS,
  type NeighbourhoodFilter,
  type VibeFilter,
} from '@/rules/neighbourhoodSearch'
import type { Neighbourhood } from '@/payload-types'
import type { Page } from '@/views/page'
import { replaceSearch, useAddressSearch } from '@widgets/lib/address'
import { listDocuments } from '@widgets/lib/client'
import { useHydrated } from '@widgets/lib/useHydrated'
import CompareTray from '@widgets/Compare/CompareTray'
import { NeighbourhoodCardItem } from './Card'
import { EmptyState } from './EmptyState'
import { SearchBox } from './SearchBox'
import { $homeSearch } from './store'
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

type Answer = Page<Neighbourhood>

/** Keeps the view in the address (SPEC §2: ?vibe=, removed for All) without a history entry. */
const setAddress = (filter: NeighbourhoodFilter, pages = 1) =>
  replaceSearch(filterSearchParams(window.location.search, filter, pages))

function statusText(shown: number, total: number) {
  if (total === 0) return ''
  return `Showing ${shown} of ${total} ${total === 1 ? 'neighbourhood' : 'neighbourhoods'}`
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
  const limit = home ? HOME_GRID_SIZE : LIST_PAGE_SIZE
  const order = home ? 'name' : 'newest'
  // The home grid may hydrate after the hero's search was applied (it loads once near the
  // view): hydrate from the server's unfiltered view, then take the search (which reads it).
  const hydrated = useHydrated()
  const appliedSearch = useStore($homeSearch)
  const homeSearch = hydrated ? appliedSearch : ''

  // Home: the hero's search and a local vibe. List: the address is the state (?vibe=&search=);
  // the server rendered the view of `rendered`, so hydration starts from the same filter.
  const { search: address } = useAddressSearch(rendered)
  const [homeVibe, setHomeVibe] = useState<VibeFilter>('All')
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

  const [result, setResult] = useState({ ...initial, page: initial.pages ?? 1 })
  const [loading, setLoading] = useState(false)
  /** The page whose read failed (Try again asks for it again). */
  const [failed, setFailed] = useState<number | null>(null)
  const [announce, setAnnounce] = useState('')
  const request = useRef<AbortController | null>(null)
  const grid = useRef<HTMLDivElement>(null)
  const firstRender = useRef(true)
  const shownCards = useRef(initial.cards)
  const focusCard = useRef<number | null>(null)

  const load = useCallback(
    async (wanted: NeighbourhoodFilter, page: number) => {
      request.current?.abort()
      const controller = new AbortController()
      request.current = controller
      setLoading(true)
      try {
        const answer: Answer = await listDocuments(
          'neighbourhoods',
          neighbourhoodListQuery(wanted, { page, limit, order }),
          { signal: controller.signal, shared: true },
        )
        if (controller.signal.aborted) return
        const cards = answer.docs.map(neighbourhoodCard)
        const all = page === 1 ? cards : [...shownCards.current, ...cards]
        shownCards.current = all
        setFailed(null)
        setResult({
          cards: all,
          totalDocs: answer.totalDocs,
          hasNextPage: answer.hasNextPage,
          page,
        })
        setAnnounce(
          answer.totalDocs === 0
            ? home
              ? 'No neighbourhoods found'
              : 'No neighbourhoods match your filters'
            : statusText(home ? Math.min(all.length, limit) : all.length, answer.totalDocs),
        )
        // Keyboard users carry on from the first card that arrived (focused once it is rendered);
        // the address keeps how many pages are shown (a reload or a shared link shows them all).
        if (page > 1) {
          focusCard.current = all.length - cards.length
          if (!home) setAddress(wanted, page)
        }
      } catch (error) {
        if (controller.signal.aborted) return
        console.error('neighbourhoods: load failed', error)
        setFailed(page)
        setAnnounce('Could not load neighbourhoods. Please try again.')
      } finally {
        if (request.current === controller) setLoading(false)
      }
    },
    [home, limit, order],
  )

  useEffect(() => {
    if (focusCard.current === null) return
    grid.current?.querySelectorAll<HTMLAnchorElement>('.card-link')[focusCard.current]?.focus()
    focusCard.current = null
  }, [result])

  // Any filter change reads page 1 again (the first render shows the server's view of it).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    void load(filter, 1)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter.search, filter.vibe])

  function setFilter(next: NeighbourhoodFilter) {
    if (home) {
      setHomeVibe(next.vibe)
      $homeSearch.set(next.search)
    } else setAddress(next)
  }

  function applySearch(event: FormEvent) {
    event.preventDefault()
    setFilter({ ...filter, search: draft.trim() })
  }

  const clearFilters = () => setFilter(NO_FILTER)

  const { cards, totalDocs, hasNextPage, page } = result
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
                setFilter({ ...filter, vibe: v })
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
          <button type="button" className="link-button" onClick={() => void load(filter, failed)}>
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
            onClear={clearFilters}
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
              if (!loading) void load(filter, page + 1)
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
