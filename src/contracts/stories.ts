import { MESSAGES } from '@/rules/messages'
import { storyEditSchema, storySchema } from '@/schemas/story'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { deletedAnswer, docId as id, ownPostRefusals } from './memberPosts'
import { idParams } from './params'

/** The story as written, with its neighbourhood's slug (its page is under it). */
const storyAnswer = z.object({
  doc: z.object({
    id,
    title: z.string(),
    description: z.string(),
    isPublic: z.boolean().nullable(),
    image: id.nullable(),
    tags: z.array(z.string()).nullable(),
    neighbourhood: z.object({ id, slug: z.string() }),
    author: id.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
})

/** SPEC §5 'Share Your Story', its image uploaded before (POST /api/media). */
export const storyPost = defineContract({
  method: 'POST',
  path: '/api/stories/new',
  summary: 'Share a story about a neighbourhood',
  tag: 'stories',
  caller: 'member',
  signIn: MESSAGES.signInToShareStory,
  input: storySchema,
  output: storyAnswer,
  status: 201,
})

/** Its author (or staff) changes what the story says; its neighbourhood stays. */
export const storyEdit = defineContract({
  method: 'PATCH',
  path: '/api/stories/{id}/details',
  summary: "Change a story (its author's)",
  tag: 'stories',
  caller: 'member',
  signIn: MESSAGES.signInToShareStory,
  params: idParams,
  input: storyEditSchema,
  output: storyAnswer,
  refusals: ownPostRefusals,
})

/** Its author (or staff) deletes the story, its comments and reactions with it. */
export const storyDelete = defineContract({
  method: 'POST',
  path: '/api/stories/{id}/delete',
  summary: "Delete a story (its author's)",
  tag: 'stories',
  caller: 'member',
  signIn: MESSAGES.signInToShareStory,
  params: idParams,
  input: z.object({}),
  output: deletedAnswer,
  refusals: ownPostRefusals,
})
