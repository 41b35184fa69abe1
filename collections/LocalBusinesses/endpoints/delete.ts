import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'

/** localSpots.remove: the owner (or staff) deletes a spot, its badges and reactions with it. */
export const deleteSpot: CommandWork<Contracts['localSpots.remove']> = async ({
  req,
  params,
  user,
}) => {
  const doc = await req.payload.delete({
    collection: 'local-businesses',
    id: params.id,
    req,
    user,
    depth: 0,
    overrideAccess: false,
  })
  return { doc: { id: doc.id } }
}

export const deleteSpotEndpoint = command('localSpots.remove', deleteSpot)
