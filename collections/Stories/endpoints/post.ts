import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { storyAnswer } from './answer'

/**
 * stories.post: a member shares a story. Written as the member, so the collection's access and
 * hooks (neighbourhood must exist, mentions, search, live pushes, stale pages) are the rules.
 */
export const postStory: CommandWork<Contracts['stories.post']> = async ({ req, input, user }) =>
  storyAnswer(
    req,
    await req.payload.create({
      collection: 'stories',
      data: input,
      req,
      depth: 0,
      overrideAccess: false,
      user,
    }),
  )

export const postStoryEndpoint = command('stories.post', postStory)
