import { MESSAGES } from '@/rules/messages'
import { ALERT_MESSAGES } from '@/rules/safetyAlerts'
import { commentCreateSchema, commentUpdateSchema, commentView } from '@/schemas/engagement'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { deletedAnswer } from './memberPosts'
import { idParams } from './params'

const answer = z.object({ comment: commentView })

/** A comment on a review, story or discussion, or (with `parent`) a reply to one. */
export const commentPost = defineContract({
  method: 'POST',
  path: '/api/comments/new',
  summary: 'Comment on a review, story or discussion, or reply to a comment',
  tag: 'comments',
  caller: 'member',
  signIn: MESSAGES.loginToComment,
  input: commentCreateSchema,
  output: answer,
  status: 201,
  refusals: { 403: ALERT_MESSAGES.notYetOpen, 404: 'Not found.' },
})

/** The author changes what their comment says. */
export const commentEdit = defineContract({
  method: 'PATCH',
  path: '/api/comments/{id}/details',
  summary: 'Change your comment',
  tag: 'comments',
  caller: 'member',
  signIn: MESSAGES.loginToComment,
  params: idParams,
  input: commentUpdateSchema,
  output: answer,
  refusals: { 403: MESSAGES.notAllowed, 404: 'Not found.' },
})

/** The author (or staff) deletes a comment, and its replies with it. */
export const commentDelete = defineContract({
  method: 'POST',
  path: '/api/comments/{id}/delete',
  summary: 'Delete your comment and its replies',
  tag: 'comments',
  caller: 'member',
  signIn: MESSAGES.loginToComment,
  params: idParams,
  input: z.object({}),
  output: deletedAnswer,
  refusals: { 403: MESSAGES.notAllowed, 404: 'Not found.' },
})
