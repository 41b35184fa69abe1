import type { CollectionConfig } from 'payload'

import { deleteEngagement } from '../shared/engagementCleanup'

import { markSiteStale } from '../../src/server/siteRevision'
import { MESSAGES } from '../../src/rules/messages'
import { storySchema } from '../../src/schemas/story'
import { signedIn, staffOrAuthor } from '../access'
import { readableContent } from '../shared/contentAccess'
import { counterField, keepCounters } from '../shared/counters'
import { authorField, hiddenField, neighbourhoodField, tagsField } from '../shared/fields'
import { setAuthor, validateWith } from '../shared/hooks'
import { immutable } from '../shared/immutable'
import { neighbourhoodMustExist } from '../shared/neighbourhoodMustExist'
import { normaliseTags } from '../shared/normaliseTags'
import { publishStory, publishStoryDeleted } from './hooks/publishStory'

/**
 * Neighbourhood stories (SPEC neighbourhood_stories). Private stories are read by their author
 * and staff only; reactionCount and commentCount are kept by the reactions and comments code.
 */
export const Stories: CollectionConfig = {
  slug: 'stories',
  access: {
    read: readableContent({ privacy: true }),
    create: signedIn,
    update: staffOrAuthor,
    delete: staffOrAuthor,
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'neighbourhood', 'author', 'isPublic', 'createdAt'],
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'description', type: 'textarea', required: true, maxLength: 10_000 },
    { name: 'isPublic', type: 'checkbox', defaultValue: true, index: true },
    { name: 'image', type: 'upload', relationTo: 'media' },
    immutable(neighbourhoodField(true)),
    tagsField,
    authorField(),
    hiddenField,
    counterField('reactionCount'),
    counterField('commentCount'),
  ],
  hooks: {
    beforeValidate: [
      normaliseTags,
      validateWith(storySchema),
      neighbourhoodMustExist(MESSAGES.selectNeighbourhood),
    ],
    beforeChange: [setAuthor(), keepCounters('reactionCount', 'commentCount')],
    afterChange: [publishStory, markSiteStale],
    afterDelete: [deleteEngagement('story', 'story'), publishStoryDeleted, markSiteStale],
  },
}
