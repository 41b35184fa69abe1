import type { CollectionConfig } from 'payload'

import { slugify } from '@/rules/slug'
import { STATIC_PAGES } from '@/rules/staticPages'
import type { Page } from '@/payload-types'
import { stalePages } from '@collections/shared/stalePages'
import { anyone, staff } from '@collections/access'
import { announceApiChange } from '@collections/shared/apiChanges'
import { auditStaffPageChange, auditStaffPageDelete } from '@collections/StaffAudit/pageHooks'

/** The prerendered pages that show one. */
const pages = stalePages<Page>((doc) => [`/${doc.slug}`])

/** The static pages of SPEC §2 (about, contact, terms, privacy, data deletion), edited in the admin. */
export const Pages: CollectionConfig = {
  slug: 'pages',
  access: { read: anyone, readVersions: staff, create: staff, update: staff, delete: staff },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', 'updatedAt'],
    preview: (doc) => `/${String(doc.slug)}`,
  },
  // Who changed what, and a way back to any earlier text.
  versions: { maxPerDoc: 50 },
  fields: [
    { name: 'title', type: 'text', required: true },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      // The footer links to these; other slugs are kept as drafts and not published.
      admin: { description: `Published at /{slug}: ${STATIC_PAGES.map((p) => p.slug).join(', ')}` },
      validate: (value: unknown) =>
        typeof value === 'string' && value === slugify(value) && value.length > 0
          ? true
          : 'Use lower-case letters, digits and hyphens.',
    },
    { name: 'summary', type: 'text', admin: { description: 'Shown to search engines.' } },
    { name: 'body', type: 'richText', required: true },
  ],
  hooks: {
    // Staff's publications and changes are kept in the staff audit.
    afterChange: [pages.afterChange, announceApiChange, auditStaffPageChange],
    afterDelete: [pages.afterDelete, announceApiChange, auditStaffPageDelete],
  },
}
