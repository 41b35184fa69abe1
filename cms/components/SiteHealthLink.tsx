import type { ServerProps } from 'payload'
import React from 'react'

import { hasRole } from '@collections/access'

/** 'Site health' in an admin's navigation (cms/components/SiteHealthView.tsx). */
export function SiteHealthLink({ user }: ServerProps) {
  if (!user || !hasRole({ ...user, collection: 'users' }, 'admin')) return null
  return (
    <a className="nav__link" href="/admin/site-health" style={{ fontWeight: 600 }}>
      Site health
    </a>
  )
}
