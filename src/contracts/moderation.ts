import { MESSAGES } from '@/rules/messages'
import { DESK_TEXT } from '@/rules/moderation'
import { decisionSchema, liftSchema } from '@/schemas/report'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { idParams } from './params'

/** The editors' desk (reports decided, suspensions lifted) and the few staff and owner fixes. */
const doc = z.looseObject({ id: z.number().int() })

/** One of the member's own posts hidden pending review, as the page it was on shows it. */
export const ownHiddenItem = z.looseObject({
  kind: z.string(),
  id: z.number().int(),
  text: z.string(),
  href: z.string().nullable(),
  appealedAt: z.string().nullable(),
})

export const reportsDecide = defineContract({
  method: 'POST',
  path: '/api/reports/decide',
  summary: 'Hide, restore, or suspend the author, for one reported item or several at once',
  tag: 'reports',
  caller: 'staff',
  input: decisionSchema,
  output: z.object({ decided: z.number().int().min(1) }),
  refusals: { 403: DESK_TEXT.decideStaffOnly, 404: DESK_TEXT.nothingToDecide },
})

export const reportsLift = defineContract({
  method: 'POST',
  path: '/api/reports/lift',
  summary: "Ends a member's suspension before its date",
  tag: 'reports',
  caller: 'staff',
  input: liftSchema,
  output: z.object({ message: z.string() }),
  refusals: { 403: DESK_TEXT.liftStaffOnly, 409: DESK_TEXT.notSuspended },
})

export const reportsOwnHidden = defineContract({
  method: 'GET',
  path: '/api/reports/own-hidden',
  summary: "The member's own posts hidden pending review (to show them, marked, where they were)",
  tag: 'reports',
  caller: 'signed-in',
  signIn: 'Sign in to see your posts.',
  cache: 'private',
  input: z.object({ neighbourhood: z.string().optional().describe("Only this neighbourhood's") }),
  output: z.object({
    docs: z.array(ownHiddenItem),
  }),
})

export const reviewsClaim = defineContract({
  method: 'POST',
  path: '/api/reviews/{id}/claim',
  summary: 'Claims an anonymous review as your own',
  tag: 'reviews',
  caller: 'member',
  signIn: MESSAGES.loginToClaim,
  params: idParams,
  input: z.object({}),
  output: z.object({ message: z.string(), doc }),
  refusals: { 404: MESSAGES.reviewNotFound, 409: MESSAGES.reviewAlreadyClaimed },
})

export const neighbourhoodsPopulation = defineContract({
  method: 'POST',
  path: '/api/neighbourhoods/{id}/population',
  summary: 'Asks the population service again and saves its answer (a failure keeps the figures)',
  tag: 'neighbourhoods',
  caller: 'staff',
  params: idParams,
  input: z.object({}),
  output: z.object({
    populationStatus: z.object({ ok: z.boolean(), message: z.string() }),
    doc,
  }),
})
