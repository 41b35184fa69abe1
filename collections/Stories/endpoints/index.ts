import { command } from '@collections/shared/command'
import { deleteOwnPost } from '@collections/shared/deleteOwnPost'
import { editStoryEndpoint } from './edit'
import { postStoryEndpoint } from './post'

/** The stories' commands, mounted on the collection (/api/stories/...). */
export const storyEndpoints = [
  postStoryEndpoint,
  editStoryEndpoint,
  command('stories.remove', deleteOwnPost('stories')),
]
