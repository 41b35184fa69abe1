import { DISCUSSION_SIGN_IN } from '@/rules/discussions'
import { discussionEditSchema, discussionSchema } from '@/schemas/discussion'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { deletedAnswer, docId as id, ownPostRefusals } from './memberPosts'
import { idParams } from './params'

/** The discussion as written (its mentions as the text names them). */
const discussionAnswer = z.object({
  doc: z.object({
    id,
    title: z.string(),
    content: z.string(),
    mentions: z.unknown(),
    tags: z.array(z.string()).nullable(),
    neighbourhood: id.nullable(),
    author: id.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
})

/** SPEC §2 'New Discussion': in the forum, optionally about one neighbourhood. */
export const discussionPost = defineContract({
  method: 'POST',
  path: '/api/discussions/new',
  summary: 'Start a discussion',
  tag: 'discussions',
  caller: 'member',
  signIn: DISCUSSION_SIGN_IN,
  input: discussionSchema,
  output: discussionAnswer,
  status: 201,
})

/** SPEC §4 inline edit: its author (or staff) changes the title, text or tags. */
export const discussionEdit = defineContract({
  method: 'PATCH',
  path: '/api/discussions/{id}/details',
  summary: "Change a discussion (its author's)",
  tag: 'discussions',
  caller: 'member',
  signIn: DISCUSSION_SIGN_IN,
  params: idParams,
  input: discussionEditSchema,
  output: discussionAnswer,
  refusals: ownPostRefusals,
})

/** SPEC §4 delete with confirmation: its author (or staff); its comments and reactions go too. */
export const discussionDelete = defineContract({
  method: 'POST',
  path: '/api/discussions/{id}/delete',
  summary: "Delete a discussion (its author's)",
  tag: 'discussions',
  caller: 'member',
  signIn: DISCUSSION_SIGN_IN,
  params: idParams,
  input: z.object({}),
  output: deletedAnswer,
  refusals: ownPostRefusals,
})
