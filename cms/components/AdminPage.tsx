import type { AdminViewServerProps } from 'payload'
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import React from 'react'

/** A custom admin view's frame: Payload's navigation and header around a titled page. */
export function AdminPage({
  view: { initPageResult, params, searchParams },
  title,
  children,
}: {
  view: AdminViewServerProps
  title: string
  children: React.ReactNode
}) {
  const { req, permissions, visibleEntities, locale } = initPageResult
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
        <h1>{title}</h1>
        {children}
      </Gutter>
    </DefaultTemplate>
  )
}
