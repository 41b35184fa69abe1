import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { neighbourhoodData } from './neighbourhoodData'

/** neighbourhoods.edit: who submitted it (or staff) changes what a neighbourhood says. */
export const editNeighbourhood: CommandWork<Contracts['neighbourhoods.edit']> = async ({
  req,
  input,
  params,
  user,
}) => {
  const doc = await req.payload.update({
    collection: 'neighbourhoods',
    id: params.id,
    data: neighbourhoodData(input),
    req,
    user,
    depth: 0,
    overrideAccess: false,
  })
  return { doc: { ...doc } }
}

export const editNeighbourhoodEndpoint = command('neighbourhoods.edit', editNeighbourhood)
