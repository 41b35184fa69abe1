import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { neighbourhoodData } from './neighbourhoodData'

/**
 * neighbourhoods.submit: a member submits a neighbourhood. The collection's hooks give it a free
 * slug, its point and creator, and look up its population (the answer says how that went).
 */
export const submitNeighbourhood: CommandWork<Contracts['neighbourhoods.submit']> = async ({
  req,
  input,
  user,
}) => {
  const doc = await req.payload.create({
    collection: 'neighbourhoods',
    data: neighbourhoodData(input),
    req,
    user,
    depth: 0,
    overrideAccess: false,
  })
  return { doc: { ...doc } }
}

export const submitNeighbourhoodEndpoint = command('neighbourhoods.submit', submitNeighbourhood)
