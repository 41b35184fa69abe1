import React from 'react'

/** Belong's mark: a house with a heart, in the site's green. */
function Mark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#2f6b4f" />
      <path d="M16 7 6 15h3v10h14V15h3L16 7Z" fill="#fff" />
      <path
        d="M16 22.5s-4.5-2.7-4.5-5.6a2.3 2.3 0 0 1 4.5-.8 2.3 2.3 0 0 1 4.5.8c0 2.9-4.5 5.6-4.5 5.6Z"
        fill="#2f6b4f"
      />
    </svg>
  )
}

/** The login screen's logo: the mark and the name. */
export function Logo() {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
      <Mark size={44} />
      <span style={{ fontSize: 32, fontWeight: 700, color: 'var(--theme-text)' }}>Belong</span>
      <span style={{ fontSize: 16, color: 'var(--theme-elevation-600)' }}>editors</span>
    </span>
  )
}

/** The small mark (the header's breadcrumb, the nav). */
export function Icon() {
  // The header keeps an 18 px box for it (a larger mark is cut off).
  return <Mark size={18} />
}
