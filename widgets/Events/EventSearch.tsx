import { useEffect, useRef, useState } from 'react'

import { searchEvents } from './listStore'

/**
 * 'Search events...': a GET form, so it works before (and without) JavaScript; once the island
 * runs it searches in place as the reader types and keeps the address in step.
 */
export default function EventSearch({ q, slug }: { q: string; slug: string | null }) {
  const [text, setText] = useState(q)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  return (
    <form
      className="search events-search"
      role="search"
      method="get"
      onSubmit={(e) => {
        e.preventDefault()
        clearTimeout(timer.current)
        void searchEvents(text)
      }}
    >
      {slug && <input type="hidden" name="slug" value={slug} />}
      <label className="sr-only" htmlFor="event-search">
        Search events
      </label>
      <input
        id="event-search"
        type="search"
        name="q"
        placeholder="Search events..."
        value={text}
        maxLength={100}
        onChange={(e) => {
          const value = e.currentTarget.value
          setText(value)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => void searchEvents(value), 300)
        }}
      />
      <button type="submit">Search</button>
    </form>
  )
}
