import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'

import { mapHref } from '../../src/rules/neighbourhoodSearch'
import { $homeSearch } from './store'

/**
 * The home hero's search: Enter or the search button applies the text to the 'Explore by Vibe'
 * grid (#explore) and scrolls to it. Without JavaScript the form opens /neighbourhoods?search=….
 */
export default function HeroSearch() {
  const applied = useStore($homeSearch)
  const [text, setText] = useState(applied)
  // 'Clear filters' in the grid clears the box too.
  const [textOf, setTextOf] = useState(applied)
  if (textOf !== applied) {
    setTextOf(applied)
    setText(applied)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    $homeSearch.set(text.trim())
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    document.getElementById('explore')?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' })
  }

  return (
    <div className="hero-search">
      <form
        className="search"
        action="/neighbourhoods"
        method="get"
        role="search"
        onSubmit={submit}
      >
        <label className="sr-only" htmlFor="home-search">
          Search neighbourhoods by name or tagline
        </label>
        <input
          id="home-search"
          name="search"
          type="search"
          placeholder="Search neighbourhoods…"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="icon-button" aria-label="Search">
          <SearchIcon />
        </button>
      </form>
      <a className="button secondary map-link" href={mapHref(text)}>
        View on Map
      </a>
    </div>
  )
}

export function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <line
        x1="15.5"
        y1="15.5"
        x2="21"
        y2="21"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  )
}
