import type { AdminViewServerProps } from 'payload'
import React from 'react'

import { AdminPage } from './AdminPage'

import { hasRole } from '@collections/access'
import { readSiteHealth } from '@/server/observability/siteHealthReport'
import { HealthLines } from './HealthLines'

/**
 * Site health (/admin/site-health), for admins: whether the site keeps its promises now (pages
 * after a write, mail, jobs, errors, the database, live updates, memory), read from the same
 * live figures as /metrics, so a community without Prometheus still sees when something is wrong.
 * Editors are told it is for admins; the figures are never read for them.
 */
export async function SiteHealthView(view: AdminViewServerProps) {
  const { req } = view.initPageResult
  const admin = hasRole(req.user, 'admin')
  const report = admin ? await readSiteHealth() : undefined
  return (
    <AdminPage view={view} title="Site health">
      {!admin ? (
        <p>Only admins see the site&apos;s health.</p>
      ) : !report ? (
        <p>This process does not serve the site, so it has no figures to show.</p>
      ) : (
        <HealthLines report={report} />
      )}
    </AdminPage>
  )
}
