import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'

import { MAX_QUERY_LENGTH, SEARCH_KIND_NAMES } from '@/rules/search'
import { SearchIcon } from '@widgets/NeighbourhoodBrowser/SearchBox'

import { $active, $open, $suggestions, close, move, typed } from './store'

const LIST_ID = 'site-search-suggestions'
const optionId = (i: number) => `site-search-option-${i}`

/**
 * The header's search box: a GET form to /search that works without JavaScript. The island is
 * loaded on the box's first focus (client:focus), then suggests titles as one types (a
 * combobox: arrows move, Enter opens the highlighted one, Escape closes).
 */
export default function HeaderSearch({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  const suggestions = useStore($suggestions)
  const active = useStore($active)
  const open = useStore($open)
  const input = useRef<HTMLInputElement>(null)

  // Hydrated on focus: what was typed before is in the field, so suggest for it at once.
  useEffect(() => {
    const typedBefore = input.current?.value ?? ''
    if (typedBefore) {
      setValue(typedBefore)
      typed(typedBefore)
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      move(event.key === 'ArrowDown' ? 1 : -1)
    } else if (event.key === 'Escape' && open) {
      // A search box clears itself on Escape; with the list open, Escape only closes the list.
      event.preventDefault()
      close()
    } else if (event.key === 'Enter' && open && active >= 0 && suggestions[active]) {
      event.preventDefault()
      window.location.assign(suggestions[active].href)
    }
  }

  const expanded = open && suggestions.length > 0
  return (
    <form
      className="header-search"
      role="search"
      aria-label="Site search"
      action="/search"
      method="get"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close()
      }}
    >
      <label className="sr-only" htmlFor="site-search">
        Search Belong
      </label>
      <input
        ref={input}
        id="site-search"
        name="q"
        type="search"
        placeholder="Search"
        autoComplete="off"
        maxLength={MAX_QUERY_LENGTH}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={LIST_ID}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(event) => {
          setValue(event.target.value)
          typed(event.target.value)
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="icon-button" aria-label="Search the site">
        <SearchIcon />
      </button>
      <ul id={LIST_ID} role="listbox" aria-label="Suggestions" hidden={!expanded}>
        {suggestions.map((s, i) => (
          <li
            key={`${s.kind}-${s.id}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // A press on an option must not blur the box first (that would close the list).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => window.location.assign(s.href)}
          >
            <span className="suggestion-title">{s.title}</span>
            <span className="suggestion-meta">
              {SEARCH_KIND_NAMES[s.kind]}
              {s.context ? ` · ${s.context}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </form>
  )
}
