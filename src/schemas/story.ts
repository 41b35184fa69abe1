import { z } from './zod'

import { MESSAGES } from '@/rules/messages'
import { flag, imageRef, relationId, postText, requiredText, tagsInput } from './common'

/** SPEC §5 story form; the server validates every write with it (create and edit). */
export const storySchema = z.object({
  neighbourhood: relationId(MESSAGES.selectNeighbourhood),
  title: requiredText('Title is required.', 200, 'Titles are limited to 200 characters.'),
  description: postText(
    'Description is required.',
    10_000,
    'Stories are limited to 10000 characters.',
  ),
  isPublic: flag,
  image: imageRef,
  tags: tagsInput,
})
export type StoryInput = z.input<typeof storySchema>

/** The author's edit: any of the fields but the neighbourhood, which never changes. */
export const storyEditSchema = storySchema.omit({ neighbourhood: true }).partial()
