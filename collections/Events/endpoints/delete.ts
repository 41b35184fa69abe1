import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'

/** events.remove: the author (or staff) deletes an event; its hooks tell those going. */
export const deleteEvent: CommandWork<Contracts['events.remove']> = async ({
  req,
  params,
  user,
}) => {
  const doc = await req.payload.delete({
    collection: 'events',
    id: params.id,
    req,
    user,
    depth: 0,
    overrideAccess: false,
  })
  return { doc: { id: doc.id } }
}

export const deleteEventEndpoint = command('events.remove', deleteEvent)
