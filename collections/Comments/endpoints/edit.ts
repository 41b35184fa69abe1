import { COMMENT_POPULATE, toCommentView } from '@/views/comment'
import { command } from '@collections/shared/command'
import { editOwnPost } from '@collections/shared/editOwnPost'

/** comments.edit: the author (or staff) changes what a comment says; its place stays. */
export const editComment = editOwnPost('comments.edit', 'comments', {
  data: ({ content }) => ({ content }),
  depth: 2,
  populate: COMMENT_POPULATE,
  answer: (doc) => ({ comment: toCommentView(doc) }),
})

export const editCommentEndpoint = command('comments.edit', editComment)
