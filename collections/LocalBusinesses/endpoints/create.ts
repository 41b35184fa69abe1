import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'

/**
 * localSpots.suggest: a member suggests a spot. It is written under the collection's own access
 * and hooks (the neighbourhood must exist, search, live pushes), as staff's writes are.
 */
export const suggestSpot: CommandWork<Contracts['localSpots.suggest']> = async ({
  req,
  input,
  user,
}) => {
  const doc = await req.payload.create({
    collection: 'local-businesses',
    data: input,
    req,
    user,
    depth: 0,
    overrideAccess: false,
  })
  return { doc: { ...doc } }
}

export const suggestSpotEndpoint = command('localSpots.suggest', suggestSpot)
