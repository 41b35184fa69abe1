import type { AdminViewServerProps } from 'payload'
import React from 'react'

import { AdminPage } from './AdminPage'

import { isStaffUser } from '@collections/access'
import { openCases, suspendedMembers } from '@/data/moderationQueue'
import { REPORT_THRESHOLD } from '@/rules/moderation'
import { CaseList } from './CaseList'
import { SuspendedMembers } from './SuspendedMembers'

/**
 * The editors' queue (/admin/moderation): open cases oldest first, each as a reader sees it,
 * with its reasons, notes, reporters' weight and author; Hide, Restore or Suspend, one case or
 * several at once (POST /api/reports/decide); and the members suspended now, each with 'Lift
 * suspension'.
 */
export async function ModerationView(view: AdminViewServerProps) {
  const { req } = view.initPageResult
  const staff = isStaffUser(req.user)
  const cases = staff ? await openCases(req.payload) : []
  const suspended = staff ? await suspendedMembers(req.payload) : []
  return (
    <AdminPage view={view} title="Moderation">
      {staff ? (
        <>
          <p>
            Open cases, oldest first. An item is hidden pending review once its reports weigh{' '}
            {REPORT_THRESHOLD} (an established member counts 1, a new one 0.5, an editor hides at
            once). Every decision is logged in the public <a href="/moderation">moderation log</a>.
          </p>
          <CaseList cases={cases} />
          <SuspendedMembers members={suspended} />
        </>
      ) : (
        <p>Only editors and admins moderate.</p>
      )}
    </AdminPage>
  )
}
