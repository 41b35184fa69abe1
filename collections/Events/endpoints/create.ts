import type { Contracts } from '@/contracts'
import { command, type CommandWork } from '@collections/shared/command'
import { isoDate } from './eventData'

/**
 * events.post: a member posts an event. It is written under the collection's own access and
 * hooks (sign-in, the neighbourhood must exist, search, live pushes, followers told), as staff's
 * writes in the admin are.
 */
export const postEvent: CommandWork<Contracts['events.post']> = async ({
  req,
  input: { eventDate, neighbourhood, ...input },
  user,
}) => {
  const doc = await req.payload.create({
    collection: 'events',
    data: { ...input, eventDate: isoDate(eventDate), neighbourhood: neighbourhood ?? null },
    req,
    user,
    depth: 0,
    overrideAccess: false,
  })
  return { doc: { ...doc } }
}

export const postEventEndpoint = command('events.post', postEvent)
