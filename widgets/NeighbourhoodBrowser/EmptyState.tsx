import { addNeighbourhoodHref, mapHref, type VibeFilter } from '@/rules/neighbourhoodSearch'
import type { NeighbourhoodCardView } from '@/views/neighbourhood'
import { NeighbourhoodCardItem } from './Card'

/**
 * The grid's empty state: what was asked for, Clear filters, View on Map, Add this
 * neighbourhood, and on the home the newest neighbourhoods as suggestions.
 */
export function EmptyState({
  home,
  search,
  vibe,
  loading,
  suggestions,
  onClear,
}: {
  home: boolean
  /** The applied search, trimmed ('' for none). */
  search: string
  vibe: VibeFilter
  loading: boolean
  suggestions: NeighbourhoodCardView[]
  onClear: () => void
}) {
  return (
    <div className="nb-empty" aria-busy={loading}>
      <h3>{home ? 'No neighbourhoods found' : 'No neighbourhoods match your filters'}</h3>
      {(search || vibe !== 'All') && (
        <p className="nb-active">
          {search && (
            <>
              Search: <strong>“{search}”</strong>
            </>
          )}
          {search && vibe !== 'All' && ' · '}
          {vibe !== 'All' && (
            <>
              Vibe: <strong>{vibe}</strong>
            </>
          )}
        </p>
      )}
      <p className="actions">
        <a
          className="button secondary"
          href="/neighbourhoods"
          onClick={(e) => {
            e.preventDefault()
            onClear()
          }}
        >
          Clear filters
        </a>
        <a className="button secondary" href={mapHref(search)}>
          View on Map
        </a>
        <a className="button" href={addNeighbourhoodHref(search)}>
          {search ? `Add “${search}”` : 'Add a neighbourhood'}
        </a>
      </p>
      {home && suggestions.length > 0 && (
        <section className="nb-suggestions" aria-labelledby="suggestions-heading">
          <h3 id="suggestions-heading">You might be interested in</h3>
          <div className="grid">
            {suggestions.map((n) => (
              <NeighbourhoodCardItem key={n.id} n={n} />
            ))}
          </div>
        </section>
      )}
    </div>
  )
}
