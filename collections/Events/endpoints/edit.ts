import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { eventData } from './eventData'

/**
 * events.edit: the author (or staff) changes an event or calls it off; the collection's access
 * says who may, its hooks tell those going once.
 */
export const editEvent: CommandWork<Contracts['events.edit']> = async ({
  req,
  input,
  params,
  user,
}) => {
  const doc = await req.payload.update({
    collection: 'events',
    id: params.id,
    data: eventData(input),
    req,
    user,
    depth: 0,
    overrideAccess: false,
  })
  return { doc: { ...doc } }
}

export const editEventEndpoint = command('events.edit', editEvent)
