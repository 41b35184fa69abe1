import type { AdminViewServerProps } from 'payload'
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import React from 'react'

import { hasRole } from '@collections/access'
import { readSiteHealth } from '@/server/observability/siteHealthReport'
import { HealthLines } from './HealthLines'

/**
 * Site health (/admin/site-health), for admins: whether the site keeps its promises now (pages
 * after a write, mail, jobs, errors, the database, live updates, memory), read from the same
 * live figures as /metrics, so a community without Prometheus still sees when something is wrong.
 * Editors are told it is for admins; the figures are never read for them.
 */
export async function SiteHealthView({
  initPageResult,
  params,
  searchParams,
}: AdminViewServerProps) {
  const { req, permissions, visibleEntities, locale } = initPageResult
  const admin = hasRole(req.user, 'admin')
  const report = admin ? await readSiteHealth() : undefined
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={req.payload}
      permissions={permissions}
      searchParams={searchParams}
      user={req.user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <Gutter>
        <h1>Site health</h1>
        {!admin ? (
          <p>Only admins see the site&apos;s health.</p>
        ) : !report ? (
          <p>This process does not serve the site, so it has no figures to show.</p>
        ) : (
          <HealthLines report={report} />
        )}
      </Gutter>
    </DefaultTemplate>
  )
}
