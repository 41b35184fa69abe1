'use client'

import { useAuth } from '@payloadcms/ui'
import React from 'react'

/** The signed-in editor's initials (Payload's default asks Gravatar, which may be unreachable). */
export function Avatar() {
  const { user } = useAuth<{ userName?: string | null; name?: string | null; email?: string }>()
  const label = user?.name || user?.userName || user?.email || ''
  const initials =
    label
      .split(/[\s@._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?'
  return (
    <span
      // The account link around it is named 'Account' already.
      aria-hidden="true"
      title={label}
      className="belong-avatar"
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        width: 32,
        height: 32,
        borderRadius: '50%',
        background: '#2f6b4f',
        color: '#fff',
        fontSize: 13,
        fontWeight: 700,
      }}
    >
      {initials}
    </span>
  )
}
