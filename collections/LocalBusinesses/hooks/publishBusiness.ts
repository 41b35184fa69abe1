import { relId } from '@/views/media'
import { type LiveContent, notHidden, publishChange, publishDelete } from '@collections/shared/live'
import { channels } from '@/server/realtime'

/** Readers of a neighbourhood's local spots see new, edited and removed spots at once. */
const live: LiveContent = {
  entity: 'business',
  channels: (doc) => {
    const neighbourhood = relId(doc.neighbourhood)
    return neighbourhood === null ? [] : [channels.localSpots(neighbourhood)]
  },
  visible: notHidden,
  view: (doc) => ({
    id: doc.id,
    name: doc.name,
    category: doc.category,
    description: doc.description ?? null,
    address: doc.address ?? null,
    googleMapsUrl: doc.googleMapsUrl ?? null,
    image: relId(doc.image),
    emojis: doc.emojis ?? [],
    neighbourhood: relId(doc.neighbourhood),
    author: relId(doc.author),
    reactionCount: doc.reactionCount ?? 0,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }),
}

export const publishBusiness = publishChange(live)
export const publishBusinessDeleted = publishDelete(live)
