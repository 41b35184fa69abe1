import { MODERATION_TEXT } from '@/rules/moderation'
import { appealSchema, reportSchema } from '@/schemas/report'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'

/** The words the person is shown. */
const told = z.object({ message: z.string() })

/** One report per member per item; enough weight of open reports hides it. */
export const reportSend = defineContract({
  method: 'POST',
  path: '/api/reports/send',
  summary: 'Report content or a profile',
  tag: 'reports',
  caller: 'member',
  signIn: MODERATION_TEXT.loginToReport,
  input: reportSchema,
  output: told,
  status: 201,
  refusals: { 403: MODERATION_TEXT.own, 404: MODERATION_TEXT.gone, 409: MODERATION_TEXT.already },
})

/** The author of a hidden item asks once for a review (suspended members too). */
export const reportAppeal = defineContract({
  method: 'POST',
  path: '/api/reports/appeal',
  summary: 'Ask for a review of your own hidden post',
  tag: 'reports',
  caller: 'signed-in',
  signIn: MODERATION_TEXT.loginToReport,
  input: appealSchema,
  output: told,
  status: 201,
  refusals: {
    403: MODERATION_TEXT.notYours,
    404: MODERATION_TEXT.gone,
    409: `${MODERATION_TEXT.notHidden} Or: ${MODERATION_TEXT.appealedAlready}`,
  },
})
