import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'

import type { Page } from '@/payload-types'
import { changedFields, isPublishedSlug, pageAction } from '@/rules/staffAudit'
import { recordStaffAction } from './record'

/** A page's words as plain text (its rich text's text nodes), cut short for the audit. */
function plainText(node: unknown, out: string[] = []): string[] {
  if (node && typeof node === 'object') {
    const { text, children, root } = node as { text?: unknown; children?: unknown; root?: unknown }
    if (typeof text === 'string') out.push(text)
    if (root) plainText(root, out)
    if (Array.isArray(children)) for (const child of children) plainText(child, out)
  }
  return out
}

const auditedPage = (page: Page | null) =>
  page && {
    title: page.title,
    slug: page.slug,
    summary: page.summary ?? null,
    body: plainText(page.body).join(' ').slice(0, 300),
  }

/** Records a static page staff published, changed or unpublished, with its words before and after. */
export const auditStaffPageChange: CollectionAfterChangeHook<Page> = async ({
  doc,
  previousDoc,
  operation,
  req,
}) => {
  const before = operation === 'create' ? null : previousDoc
  const changes = changedFields(
    ['title', 'slug', 'summary', 'body'],
    auditedPage(before),
    auditedPage(doc),
  )
  if (!changes.length) return doc
  await recordStaffAction(req, {
    action: pageAction(isPublishedSlug(before?.slug), isPublishedSlug(doc.slug)),
    targetKind: 'page',
    targetId: doc.id,
    targetLabel: doc.title,
    changes,
  })
  return doc
}

/** Records a page staff deleted: off the site when it was on it. */
export const auditStaffPageDelete: CollectionAfterDeleteHook<Page> = async ({ doc, req }) => {
  await recordStaffAction(req, {
    action: pageAction(isPublishedSlug(doc.slug), false),
    targetKind: 'page',
    targetId: doc.id,
    targetLabel: doc.title,
    changes: changedFields(['title', 'slug'], auditedPage(doc), null),
  })
  return doc
}
