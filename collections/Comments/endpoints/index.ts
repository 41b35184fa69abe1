import { deleteCommentEndpoint } from './delete'
import { editCommentEndpoint } from './edit'
import { postCommentEndpoint } from './post'

/** The comments' commands, mounted on the collection (/api/comments/...). */
export const commentEndpoints = [postCommentEndpoint, editCommentEndpoint, deleteCommentEndpoint]
