'use client'

import { ExternalLinkIcon, useLivePreviewContext } from '@payloadcms/ui'
import React from 'react'

/**
 * The link from a document to its public page, in words: editors look for 'View on site', and
 * Payload's own is an icon whose name ('Preview') is only in its tooltip. The address is the
 * collection's `admin.preview` (collections/shared/preview.ts), which Payload puts in the context.
 */
export function ViewOnSite() {
  const { previewURL } = useLivePreviewContext()
  if (!previewURL) return null
  return (
    <a
      className="preview-btn view-on-site"
      href={previewURL}
      target="_blank"
      rel="noopener noreferrer"
    >
      <ExternalLinkIcon />
      <span>View on site</span>
    </a>
  )
}
