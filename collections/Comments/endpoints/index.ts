import { command } from '@collections/shared/command'
import { deleteOwnPost } from '@collections/shared/deleteOwnPost'
import { editCommentEndpoint } from './edit'
import { postCommentEndpoint } from './post'

/** The comments' commands, mounted on the collection (/api/comments/...). */
export const commentEndpoints = [
  postCommentEndpoint,
  editCommentEndpoint,
  // The author (or staff) deletes a comment; its replies go with it (hooks).
  command('comments.remove', deleteOwnPost('comments')),
]
