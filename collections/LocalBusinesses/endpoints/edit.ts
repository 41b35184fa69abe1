import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { spotData } from './spotData'

/**
 * localSpots.edit: the owner within 7 days (staff any time) changes a spot; the collection's
 * access and its edit-window hook say who may.
 */
export const editSpot: CommandWork<Contracts['localSpots.edit']> = async ({
  req,
  input,
  params,
  user,
}) => {
  const doc = await req.payload.update({
    collection: 'local-businesses',
    id: params.id,
    data: spotData(input),
    req,
    user,
    depth: 0,
    overrideAccess: false,
  })
  return { doc: { ...doc } }
}

export const editSpotEndpoint = command('localSpots.edit', editSpot)
