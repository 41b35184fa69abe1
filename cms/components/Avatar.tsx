'use client'

import { useAuth } from '@payloadcms/ui'
import React from 'react'

/** A round picture of someone's initials, drawn as an SVG image. */
const initialsImage = (initials: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
      `<circle cx="16" cy="16" r="16" fill="#2f6b4f"/>` +
      `<text x="16" y="21" text-anchor="middle" font-family="sans-serif" font-size="13" ` +
      `font-weight="700" fill="#fff">${initials}</text></svg>`,
  )}`

/**
 * The signed-in editor's initials (Payload's default asks Gravatar, which may be unreachable).
 * An image without text: the account link around it is named 'Account' already.
 */
export function Avatar() {
  const { user } = useAuth<{ userName?: string | null; name?: string | null; email?: string }>()
  const label = user?.name || user?.userName || user?.email || ''
  const initials =
    label
      .split(/[\s@._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase().replace(/[^A-Z0-9]/, ''))
      .join('') || '?'
  return (
    <img
      className="belong-avatar"
      src={initialsImage(initials)}
      alt=""
      title={label}
      data-initials={initials}
      width={32}
      height={32}
      style={{ borderRadius: '50%' }}
    />
  )
}
