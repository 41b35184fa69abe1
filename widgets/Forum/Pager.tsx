import type { MouseEvent } from 'react'
import './Forum.css'

import { pageNumbers } from '@/rules/paging'

export interface PagerProps {
  page: number
  totalPages: number
  /** The address of page n (a real link: shareable, and the back button works). */
  href: (n: number) => string
  /** Names the navigation for screen readers, e.g. 'Forum pages'. */
  label: string
  /** An island may turn a plain click into an in-page load (it then pushes the address). */
  onNavigate?: (n: number, e: MouseEvent<HTMLAnchorElement>) => void
}

/** Numbered page buttons (forum, discussions), rendered as links. */
export default function Pager({ page, totalPages, href, label, onNavigate }: PagerProps) {
  if (totalPages <= 1) return null
  const link = (n: number) => ({
    href: href(n),
    onClick: onNavigate ? (e: MouseEvent<HTMLAnchorElement>) => onNavigate(n, e) : undefined,
  })
  return (
    <nav className="pager" aria-label={label}>
      <ul>
        {page > 1 && (
          <li>
            <a {...link(page - 1)} rel="prev">
              <span aria-hidden="true">‹</span>
              <span className="sr-only">Previous page</span>
            </a>
          </li>
        )}
        {pageNumbers(page, totalPages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`}>
              <span aria-hidden="true">…</span>
            </li>
          ) : (
            <li key={n}>
              <a {...link(n)} aria-current={n === page ? 'page' : undefined}>
                <span className="sr-only">Page </span>
                {n}
              </a>
            </li>
          ),
        )}
        {page < totalPages && (
          <li>
            <a {...link(page + 1)} rel="next">
              <span className="sr-only">Next page</span>
              <span aria-hidden="true">›</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  )
}
