import { relId } from '@/views/media'
import {
  publicAndNotHidden,
  publishChange,
  publishDelete,
  type LiveContent,
} from '@collections/shared/live'
import { channels } from '@/server/realtime'

/** Readers of a neighbourhood's stories see new, edited and removed public stories at once. */
const live: LiveContent = {
  entity: 'story',
  channels: (doc) => [channels.neighbourhood(relId(doc.neighbourhood)!)],
  visible: publicAndNotHidden,
  view: (doc) => ({
    id: doc.id,
    title: doc.title,
    description: doc.description,
    image: relId(doc.image),
    tags: doc.tags,
    neighbourhood: relId(doc.neighbourhood),
    author: relId(doc.author),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  }),
}

export const publishStory = publishChange(live)
export const publishStoryDeleted = publishDelete(live)
