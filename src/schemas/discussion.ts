import { z } from './zod'

import { relationId, postText, requiredText, tagsInput } from './common'

/** SPEC §5: title and content required, on new and on edit; tags as for stories. */
export const discussionSchema = z.object({
  title: requiredText('Title is required.', 200, 'Titles are limited to 200 characters.'),
  content: postText('Content is required.', 10_000, 'Posts are limited to 10000 characters.'),
  neighbourhood: relationId('Could not find neighbourhood.').nullish(),
  tags: tagsInput,
})
export type DiscussionInput = z.input<typeof discussionSchema>

/** The author's edit: title, text and tags; the neighbourhood never changes. */
export const discussionEditSchema = discussionSchema.omit({ neighbourhood: true }).partial()
