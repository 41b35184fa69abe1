import { protectedCreatedAt } from '@collections/shared/timestamps'
import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import type { Poll } from '@/payload-types'
import { searchHooks } from '@collections/Search/reindex'
import { channels } from '@/server/services/realtime'
import { channelOf, liveHooks, notHidden } from '@collections/shared/live'
import { stalePages, HOME } from '@collections/shared/stalePages'
import { MESSAGES } from '@/rules/messages'
import { MIN_POLL_OPTIONS } from '@/rules/polls'
import { pollSchema } from '@/schemas/poll'
import { contentAccess } from '@collections/shared/contentAccess'
import { authorField, hiddenField, neighbourhoodField } from '@collections/shared/fields'
import { setAuthor, validateWith } from '@collections/shared/hooks'
import { immutable } from '@collections/shared/immutable'
import { neighbourhoodMustExist } from '@collections/shared/neighbourhoodMustExist'
import { requireSignIn } from '@collections/shared/requireSignIn'
import { command } from '@collections/shared/command'
import { deleteOwnPost } from '@collections/shared/deleteOwnPost'
import { editPollEndpoint } from './endpoints/edit'
import { myVoteEndpoint } from './endpoints/mine'
import { placesEndpoint } from './endpoints/places'
import { postPollEndpoint } from './endpoints/post'
import { summaryEndpoint } from './endpoints/summary'
import { voteEndpoint } from './endpoints/vote'
import { deleteVotes } from './hooks/deleteVotes'
import { lockAnsweredPoll } from './hooks/lockAnsweredPoll'
import { emptyDateIsNone, optionsFromText } from './hooks/normalisePollInput'
import { announceApiChange } from '@collections/shared/apiChanges'
import { publicPage } from '@collections/shared/preview'
import { followOnFirstPost } from '@collections/Follows/followOnFirstPost'

/** Site search follows every write in its transaction. */
const search = searchHooks<Poll>('poll')

/** The followers of a poll's neighbourhood see it arrive (their feed's 'new posts'). */
const live = liveHooks<Poll>({
  entity: 'poll',
  channels: (doc) => [channelOf(doc.neighbourhood, channels.neighbourhood)],
  visible: notHidden,
  fields: ['question', 'neighbourhood', 'author', 'createdAt'],
})

/** The prerendered pages that show one. */
const pages = stalePages<Poll>(async (doc, find) => [
  ...(await find.neighbourhood(doc.neighbourhood)),
  HOME,
])

/**
 * Community polls. Votes live in poll-votes and are cast through POST /:id/vote; the question and
 * options are fixed once anyone has voted. Open until closeDate passes (none = open).
 */
export const Polls: CollectionConfig = {
  slug: 'polls',
  custom: { api: { writes: [] } satisfies CollectionApi },
  access: contentAccess({ privacy: false }),
  admin: {
    useAsTitle: 'question',
    defaultColumns: ['question', 'neighbourhood', 'author', 'closeDate', 'hidden', 'createdAt'],
    listSearchableFields: ['question'],
    preview: publicPage((doc) => `/polls/${String(doc.id)}`),
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'question', type: 'text', required: true, maxLength: 300 },
    {
      name: 'options',
      type: 'array',
      required: true,
      minRows: MIN_POLL_OPTIONS,
      hooks: { beforeValidate: [optionsFromText] },
      fields: [{ name: 'text', type: 'text', required: true, maxLength: 200 }],
    },
    {
      name: 'closeDate',
      type: 'date',
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime' } },
      hooks: { beforeValidate: [emptyDateIsNone] },
    },
    immutable(neighbourhoodField(false)),
    authorField(),
    hiddenField,
    protectedCreatedAt,
  ],
  hooks: {
    beforeOperation: [requireSignIn(MESSAGES.mustBeLoggedInToCreatePoll)],
    beforeValidate: [
      validateWith(pollSchema),
      neighbourhoodMustExist(MESSAGES.neighbourhoodNotFound),
    ],
    beforeChange: [setAuthor(), lockAnsweredPoll],
    beforeDelete: [deleteVotes],
    // The home page's 'Polls of the Week' is prerendered.
    afterChange: [
      search.afterChange,
      pages.afterChange,
      announceApiChange,
      followOnFirstPost('polls', 'author_id'),
      live.afterChange,
    ],
    afterDelete: [search.afterDelete, pages.afterDelete, announceApiChange, live.afterDelete],
  },
  endpoints: [
    voteEndpoint,
    summaryEndpoint,
    myVoteEndpoint,
    placesEndpoint,
    postPollEndpoint,
    editPollEndpoint,
    command('polls.remove', deleteOwnPost('polls')),
  ],
}
