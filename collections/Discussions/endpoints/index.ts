import { command } from '@collections/shared/command'
import { deleteOwnPost } from '@collections/shared/deleteOwnPost'
import { editDiscussionEndpoint } from './edit'
import { discussionListEndpoint } from './list'
import { postDiscussionEndpoint } from './post'

/** The discussions' list and commands, mounted on the collection (/api/discussions/...). */
export const discussionEndpoints = [
  discussionListEndpoint,
  postDiscussionEndpoint,
  editDiscussionEndpoint,
  command('discussions.remove', deleteOwnPost('discussions')),
]
