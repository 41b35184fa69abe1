import type { CollectionConfig, Field } from 'payload'

import { SEARCH_KINDS } from '@/rules/search'
import { staff } from '@collections/access'

/** Written by the site only: shown to editors, never edited by them. */
const readOnly = (field: Field): Field =>
  ({
    ...field,
    access: { create: () => false, update: () => false },
    admin: { ...field.admin, readOnly: true },
  }) as Field

/**
 * The one search index (`search_index`): a row per searchable document, kept in step by each
 * collection's hooks inside the write's transaction (./reindex.ts). The migration adds what
 * Payload has no field for: the weighted `document` tsvector (a generated column) and its GIN
 * index, the trigram index on the folded title, and the title's own words (`title_words`) that
 * suggestions match a prefix in. Admins see the entries in the admin and may lift or lower one
 * (`boost`); the public reads go through GET /api/search and /api/search/suggest.
 */
export const SearchIndex: CollectionConfig = {
  slug: 'search-index',
  access: {
    read: staff,
    create: () => false,
    update: staff,
    delete: () => false,
  },
  labels: { singular: 'Search entry', plural: 'Search entries' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'kind', 'neighbourhood', 'boost', 'hidden', 'publishedAt'],
    listSearchableFields: ['title'],
    description: 'What site search finds. Written by the site; editors may set a boost.',
  },
  defaultSort: '-publishedAt',
  indexes: [{ fields: ['kind', 'docId'], unique: true }],
  fields: [
    readOnly({
      name: 'kind',
      type: 'select',
      required: true,
      index: true,
      options: SEARCH_KINDS.map((k) => ({ label: k, value: k })),
    }),
    readOnly({ name: 'docId', type: 'number', required: true }),
    readOnly({ name: 'title', type: 'text', required: true }),
    readOnly({ name: 'tags', type: 'text' }),
    readOnly({ name: 'body', type: 'textarea' }),
    // A neighbourhood's slug or a person's user name: the result's address.
    readOnly({ name: 'slug', type: 'text' }),
    readOnly({
      name: 'neighbourhood',
      type: 'relationship',
      relationTo: 'neighbourhoods',
      index: true,
    }),
    readOnly({ name: 'author', type: 'relationship', relationTo: 'users', index: true }),
    readOnly({ name: 'isPublic', type: 'checkbox', defaultValue: true }),
    readOnly({ name: 'hidden', type: 'checkbox', defaultValue: false }),
    // An event's date, or when a market item expires: past it, search leaves the entry out.
    readOnly({ name: 'eventDate', type: 'date' }),
    // 0–1: a neighbourhood's average review, or the reactions (attendance) a post drew.
    readOnly({ name: 'rating', type: 'number', defaultValue: 0 }),
    readOnly({ name: 'publishedAt', type: 'date' }),
    {
      name: 'boost',
      type: 'number',
      defaultValue: 0,
      min: -1,
      max: 1,
      admin: {
        position: 'sidebar',
        description: 'Added to the score (−1 to 1): 0.5 lifts an entry above most others.',
      },
    },
  ],
}
