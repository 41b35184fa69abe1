import type { ServerProps } from 'payload'
import React from 'react'

import { isStaffUser } from '@collections/access'
import { openCaseCount } from '@/data/moderationQueue'

/** 'Moderation' first in the nav, with the number of open cases. */
export async function ModerationLink({ payload, user }: ServerProps) {
  if (!isStaffUser(user as never)) return null
  const open = await openCaseCount(payload)
  return (
    <a className="nav__link" href="/admin/moderation" style={{ fontWeight: 600 }}>
      Moderation{open ? ` (${open} open)` : ''}
    </a>
  )
}
