import { protectedCreatedAt } from '@collections/shared/timestamps'
import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import type { Story } from '@/payload-types'
import { searchHooks } from '@collections/Search/reindex'
import { channels } from '@/server/services/realtime'
import { channelOf, liveHooks, publicAndNotHidden } from '@collections/shared/live'

import { deleteEngagement } from '@collections/shared/engagementCleanup'

import { stalePages, HOME, neighbourhoodPage, storyPage } from '@collections/shared/stalePages'
import { MESSAGES } from '@/rules/messages'
import { storySchema } from '@/schemas/story'
import { contentAccess } from '@collections/shared/contentAccess'
import { counterField, keepCounters } from '@collections/shared/counters'
import {
  authorField,
  hiddenField,
  staffWrites,
  neighbourhoodField,
  tagsField,
} from '@collections/shared/fields'
import { setAuthor, validateWith } from '@collections/shared/hooks'
import { immutable } from '@collections/shared/immutable'
import { neighbourhoodMustExist } from '@collections/shared/neighbourhoodMustExist'
import { normaliseTags } from '@collections/shared/normaliseTags'
import { announceApiChange } from '@collections/shared/apiChanges'
import { mentionHooks, mentionsField } from '@collections/shared/mentions'
import { publicPage } from '@collections/shared/preview'
import { followOnFirstPost } from '@collections/Follows/followOnFirstPost'
import { storyEndpoints } from './endpoints'

/** Site search follows every write in its transaction. */
const search = searchHooks<Story>('story')

/** Readers of a neighbourhood's stories see new, edited and removed public stories at once. */
const live = liveHooks<Story>({
  entity: 'story',
  channels: (doc) => [channelOf(doc.neighbourhood, channels.neighbourhood)],
  visible: publicAndNotHidden,
  fields: [
    'title',
    'description',
    'mentions',
    'image',
    'tags',
    'neighbourhood',
    'author',
    'createdAt',
    'updatedAt',
  ],
})

const mentions = mentionHooks('stories', {
  text: 'description',
  author: 'author',
  noun: 'story',
  place: (_req, doc) => ({ kind: 'story', id: doc.id }),
})

/** The prerendered pages that show one. */
const pages = stalePages<Story>(async (doc, find) => {
  const slug = await find.slug(doc.neighbourhood)
  return slug ? [neighbourhoodPage(slug), storyPage(slug, doc.id), HOME] : [HOME]
})

/**
 * Neighbourhood stories (SPEC neighbourhood_stories). Private stories are read by their author
 * and staff only; reactionCount and commentCount are kept by the reactions and comments code.
 */
export const Stories: CollectionConfig = {
  slug: 'stories',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: contentAccess({ privacy: true }),
  admin: {
    useAsTitle: 'title',
    defaultColumns: [
      'title',
      'description',
      'neighbourhood',
      'author',
      'isPublic',
      'featured',
      'hidden',
      'createdAt',
    ],
    listSearchableFields: ['title', 'description'],
    preview: publicPage((doc, slug) => `/neighbourhood/${slug}/stories/${String(doc.id)}`),
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', required: true, maxLength: 10_000 },
    mentionsField,
    { name: 'isPublic', type: 'checkbox', defaultValue: true, index: true },
    { name: 'image', type: 'upload', relationTo: 'media' },
    immutable(neighbourhoodField(true)),
    tagsField,
    authorField(),
    hiddenField,
    protectedCreatedAt,
    {
      // Editors pick stories for the home's 'Featured Stories' (first there, then the newest).
      name: 'featured',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      access: staffWrites,
      admin: { position: 'sidebar', description: "First in the home's Featured Stories." },
    },
    counterField('reactionCount'),
    counterField('commentCount'),
  ],
  hooks: {
    beforeValidate: [
      normaliseTags,
      validateWith(storySchema),
      neighbourhoodMustExist(MESSAGES.selectNeighbourhood),
    ],
    beforeChange: [
      setAuthor(),
      keepCounters('reactionCount', 'commentCount'),
      mentions.beforeChange,
    ],
    afterChange: [
      search.afterChange,
      live.afterChange,
      mentions.afterChange,
      pages.afterChange,
      announceApiChange,
      followOnFirstPost('stories', 'author_id'),
    ],
    afterDelete: [
      search.afterDelete,
      deleteEngagement('story', 'story'),
      live.afterDelete,
      pages.afterDelete,
      announceApiChange,
    ],
  },
  endpoints: storyEndpoints,
}
