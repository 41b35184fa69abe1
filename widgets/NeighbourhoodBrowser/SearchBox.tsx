import type { FormEvent, RefObject } from 'react'

interface Props {
  id: string
  value: string
  onChange: (value: string) => void
  onSubmit: (event: FormEvent) => void
  /** Without JavaScript the form still works as a GET to this page (the home hero). */
  action?: string
  name?: string
  /** Other parameters the GET keeps (the list's ?vibe=). */
  hidden?: Record<string, string>
  className?: string
  form?: RefObject<HTMLFormElement | null>
}

/** The neighbourhood search box of the home hero and the list page (Enter or the icon). */
export function SearchBox({
  id,
  value,
  onChange,
  onSubmit,
  action,
  name,
  hidden = {},
  className,
  form,
}: Props) {
  return (
    <form
      ref={form}
      className={className ? `search ${className}` : 'search'}
      action={action}
      method={action ? 'get' : undefined}
      role="search"
      onSubmit={onSubmit}
    >
      {Object.entries(hidden).map(([key, v]) => (
        <input key={key} type="hidden" name={key} value={v} />
      ))}
      <label className="sr-only" htmlFor={id}>
        Search neighbourhoods by name or tagline
      </label>
      <input
        id={id}
        name={name}
        type="search"
        placeholder="Search neighbourhoods…"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="submit" className="icon-button" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
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
