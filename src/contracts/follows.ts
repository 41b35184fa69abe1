import { FOLLOW_TEXT } from '@/rules/follow'
import { followToggleSchema } from '@/schemas/follow'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'

const followState = z.object({
  neighbourhood: z.number().int(),
  count: z.number().int().min(0),
  /** null for a visitor. */
  following: z.boolean().nullable(),
})

/** Follows a neighbourhood, or stops following when one already does. */
export const followToggle = defineContract({
  method: 'POST',
  path: '/api/follows/toggle',
  summary: 'Follow a neighbourhood, or stop following it',
  tag: 'follows',
  caller: 'member',
  signIn: FOLLOW_TEXT.loginToFollow,
  input: followToggleSchema,
  output: followState.extend({ following: z.boolean() }),
  refusals: { 404: FOLLOW_TEXT.notFound },
})

/** How many follow a neighbourhood, and whether the reader does. */
export const followStateRead = defineContract({
  method: 'GET',
  path: '/api/follows/state',
  summary: "A neighbourhood's follower count and the reader's own follow",
  tag: 'follows',
  caller: 'anyone',
  input: followToggleSchema,
  output: followState,
  cache: 'private',
})
