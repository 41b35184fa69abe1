import { useState } from 'react'

import { MESSAGES } from '@/rules/messages'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'

export interface FoundPlace {
  lat: number
  lon: number
  displayName: string
}

interface Props {
  onFound: (place: FoundPlace) => void
}

/** Refusals worth repeating as they are (bad query, busy); anything else is SPEC §8's words. */
const searchError = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 429)
    ? error.message
    : MESSAGES.searchFailed

/**
 * Address search through our geocoding proxy (GET /api/geocode/search): the first place found
 * sets the latitude and longitude. Not a nested <form>: Enter in the box searches instead of
 * submitting the neighbourhood.
 */
export default function AddressSearch({ onFound }: Props) {
  const [query, setQuery] = useState('')
  const [busy, setBusy] = useState(false)
  const [status, setStatus] = useState<{ kind: 'found' | 'error'; text: string } | null>(null)

  const search = async () => {
    const q = query.trim()
    if (!q || busy) return
    setBusy(true)
    setStatus(null)
    try {
      const places = await send('geocode.search', { q })
      const first = places[0]
      if (!first) setStatus({ kind: 'error', text: MESSAGES.locationNotFound })
      else {
        setStatus({ kind: 'found', text: `Found: ${first.displayName}` })
        onFound(first)
      }
    } catch (error) {
      setStatus({ kind: 'error', text: searchError(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="nf-field nf-search">
      <label htmlFor="nf-address">Search for an address</label>
      <div className="nf-search-row">
        <input
          id="nf-address"
          type="search"
          value={query}
          placeholder="e.g. Brick Lane, London"
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              void search()
            }
          }}
        />
        <button
          type="button"
          className="secondary-button"
          onClick={() => void search()}
          disabled={busy}
        >
          {busy ? 'Searching...' : 'Search'}
        </button>
      </div>
      <p
        className={`nf-search-status ${status?.kind === 'error' ? 'nf-error-text' : 'nf-hint'}`}
        role="status"
        aria-live="polite"
      >
        {status?.text ?? ''}
      </p>
    </div>
  )
}
