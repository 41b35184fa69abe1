import { MESSAGES } from '@/rules/messages'
import { localBusinessSchema } from '@/schemas/localBusiness'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { deletedAnswer } from './memberPosts'
import { idParams } from './params'

/** A spot as the island reads it back: its id, and the rest of the stored spot. */
const spotAnswer = z.object({
  doc: z.looseObject({ id: z.number().int(), name: z.string(), category: z.string() }),
})

/** An edit sends what it changes (the form: everything); a spot stays in its neighbourhood. */
export const localSpotEditSchema = localBusinessSchema.omit({ neighbourhood: true }).partial()

/** Payload's own words for no such spot, as the REST routes answered them. */
const SPOT_NOT_FOUND = 'Not Found'

/** SPEC §5 'Suggest a Local Spot'. */
export const localSpotCreate = defineContract({
  method: 'POST',
  path: '/api/local-businesses/new',
  summary: 'Suggest a local spot in a neighbourhood',
  tag: 'local-businesses',
  caller: 'member',
  signIn: MESSAGES.loginToSuggestSpot,
  input: localBusinessSchema,
  output: spotAnswer,
  status: 201,
})

/** 'Edit Business': its owner within 7 days of suggesting it (staff any time). */
export const localSpotEdit = defineContract({
  method: 'PATCH',
  path: '/api/local-businesses/{id}/details',
  summary: "Change a local spot's details (its owner, within 7 days)",
  tag: 'local-businesses',
  caller: 'member',
  signIn: MESSAGES.loginToSuggestSpot,
  params: idParams,
  input: localSpotEditSchema,
  output: spotAnswer,
  refusals: { 403: `${MESSAGES.notAllowed} ${MESSAGES.editingExpired}`, 404: SPOT_NOT_FOUND },
})

/** Its owner deletes a spot any time (staff: any). */
export const localSpotDelete = defineContract({
  method: 'POST',
  path: '/api/local-businesses/{id}/delete',
  summary: 'Delete a local spot (its owner)',
  tag: 'local-businesses',
  caller: 'member',
  signIn: MESSAGES.loginToSuggestSpot,
  params: idParams,
  input: z.object({}),
  output: deletedAnswer,
  refusals: { 403: MESSAGES.notAllowed, 404: SPOT_NOT_FOUND },
})
