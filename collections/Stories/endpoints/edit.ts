import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { storyAnswer } from './answer'

/** stories.edit: its author (or staff, as the collection's access says) changes the story. */
export const editStory: CommandWork<Contracts['stories.edit']> = async ({
  req,
  input,
  params,
  user,
}) =>
  storyAnswer(
    req,
    await req.payload.update({
      collection: 'stories',
      id: params.id,
      data: input,
      req,
      depth: 0,
      overrideAccess: false,
      user,
    }),
  )

export const editStoryEndpoint = command('stories.edit', editStory)
