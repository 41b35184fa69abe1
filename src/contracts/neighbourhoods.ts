import { MESSAGES } from '@/rules/messages'
import { neighbourhoodSchema } from '@/schemas/neighbourhood'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { idParams } from './params'

/**
 * A neighbourhood as the form reads it back: its id and slug (a taken slug gets a suffix), and
 * on create what became of the population lookup (not stored).
 */
const neighbourhoodAnswer = z.object({
  doc: z.looseObject({
    id: z.number().int(),
    slug: z.string(),
    populationStatus: z.object({ ok: z.boolean(), message: z.string() }).optional(),
  }),
})

/** SPEC §5 neighbourhood form: a member submits a neighbourhood. */
export const neighbourhoodSubmit = defineContract({
  method: 'POST',
  path: '/api/neighbourhoods/new',
  summary: 'Submit a neighbourhood (its population is looked up from its point)',
  tag: 'neighbourhoods',
  caller: 'member',
  signIn: MESSAGES.signInToSubmitNeighbourhood,
  input: neighbourhoodSchema,
  output: neighbourhoodAnswer,
  status: 201,
})

/** The member who submitted it (staff: any) changes what it says. */
export const neighbourhoodEdit = defineContract({
  method: 'PATCH',
  path: '/api/neighbourhoods/{id}/details',
  summary: "Change a neighbourhood's details (who submitted it)",
  tag: 'neighbourhoods',
  caller: 'member',
  signIn: MESSAGES.signInToSubmitNeighbourhood,
  params: idParams,
  input: neighbourhoodSchema,
  output: neighbourhoodAnswer,
  refusals: { 403: MESSAGES.notAllowed, 404: 'Not Found' },
})
