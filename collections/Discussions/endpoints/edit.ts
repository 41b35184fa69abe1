import { command } from '@collections/shared/command'
import { editOwnPost } from '@collections/shared/editOwnPost'
import { discussionAnswer } from './answer'

/** discussions.edit: its author (or staff, as the collection's access says) changes it. */
export const editDiscussion = editOwnPost('discussions.edit', 'discussions', {
  data: (input) => input,
  answer: discussionAnswer,
})

export const editDiscussionEndpoint = command('discussions.edit', editDiscussion)
