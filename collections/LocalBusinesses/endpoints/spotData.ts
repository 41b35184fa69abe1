import type { ParsedInputOf } from '@/contracts/contract'
import type { Contracts } from '@/contracts'
import { givenFields } from '@collections/shared/givenFields'

/** The stored fields of a spot from a form's parsed input (what an edit leaves out stays). */
export const spotData = (input: ParsedInputOf<Contracts['localSpots.edit']>) => givenFields(input)
