import { useStore } from '@nanostores/react'
import { useRef, useState, type FormEvent } from 'react'

import { mapHref } from '@/rules/neighbourhoodSearch'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import { SearchBox } from './SearchBox'
import { $homeSearch } from './store'

/**
 * The home hero's search: Enter or the search button applies the text to the 'Explore by Vibe'
 * grid (#explore) and scrolls to it. Without JavaScript the form opens /neighbourhoods?search=….
 * Loaded on the box's first focus (client:focus).
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
  // Hydrated on focus: what was typed before is in the field, not yet in state.
  const form = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(form, { search: setText })

  function submit(event: FormEvent) {
    event.preventDefault()
    $homeSearch.set(text.trim())
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    document.getElementById('explore')?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' })
  }

  return (
    <div className="hero-search">
      <SearchBox
        id="home-search"
        form={form}
        name="search"
        action="/neighbourhoods"
        value={text}
        onChange={setText}
        onSubmit={submit}
      />
      <a className="button secondary map-link" href={mapHref(text)}>
        View on Map
      </a>
    </div>
  )
}
