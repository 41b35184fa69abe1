import { command } from '@collections/shared/command'
import { editOwnPost } from '@collections/shared/editOwnPost'
import { storyAnswer } from './answer'

/** stories.edit: its author (or staff, as the collection's access says) changes the story. */
export const editStory = editOwnPost('stories.edit', 'stories', {
  data: (input) => input,
  answer: (doc, req) => storyAnswer(req, doc),
})

export const editStoryEndpoint = command('stories.edit', editStory)
