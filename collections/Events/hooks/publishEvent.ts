import { relId } from '@/views/media'
import {
  publicAndNotHidden,
  publishChange,
  publishDelete,
  type LiveContent,
} from '@collections/shared/live'
import { channels } from '@/server/realtime'

/** The /event list and the neighbourhood's events page see public events change at once. */
const live: LiveContent = {
  entity: 'event',
  channels: (doc) => {
    const neighbourhood = relId(doc.neighbourhood)
    return neighbourhood === null
      ? [channels.events]
      : [channels.neighbourhood(neighbourhood), channels.events]
  },
  visible: publicAndNotHidden,
  view: (doc) => ({
    id: doc.id,
    title: doc.title,
    description: doc.description,
    eventDate: doc.eventDate,
    location: doc.location,
    image: relId(doc.image),
    tags: doc.tags,
    neighbourhood: relId(doc.neighbourhood),
    author: relId(doc.author),
    attendingCount: doc.attendingCount,
    interestedCount: doc.interestedCount,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }),
}

export const publishEvent = publishChange(live)
export const publishEventDeleted = publishDelete(live)
