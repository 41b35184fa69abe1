import type { CollectionApi } from '@/server/http/openapi/describe'
import type { CollectionConfig } from 'payload'

import { MARKET_CONDITIONS, MARKET_KINDS, MARKET_STATUSES, MAX_PHOTOS } from '@/rules/market'
import { staff, staffOrOwner } from '@collections/access'
import { readableContent } from '@collections/shared/contentAccess'
import { authorField, hiddenField, neighbourhoodField } from '@collections/shared/fields'
import { setAuthor } from '@collections/shared/hooks'
import { counterField, keepCounters } from '@collections/shared/counters'
import { deleteEngagement } from '@collections/shared/engagementCleanup'
import { immutable } from '@collections/shared/immutable'
import { channelOf, liveHooks, notHidden } from '@collections/shared/live'
import { channels } from '@/server/services/realtime'
import { publicPage } from '@collections/shared/preview'
import { marketItemEndpoints } from './endpoints'
import { notifyMarketItem } from './notifyFollowers'
import type { MarketItem } from '@/payload-types'
import { searchHooks } from '@collections/Search/reindex'
import { announceApiChange } from '@collections/shared/apiChanges'
import { stalePages } from '@collections/shared/stalePages'

/** Open market pages of the neighbourhood learn of a new, changed, hidden or deleted item. */
const live = liveHooks<MarketItem>({
  entity: 'market-item',
  channels: (doc) => [channelOf(doc.neighbourhood, channels.neighbourhood)],
  visible: notHidden,
  fields: ['kind', 'title', 'status', 'pricePence', 'neighbourhood', 'createdAt'],
})

/** The neighbourhood page shows the market's count in its tabs. */
const pages = stalePages<MarketItem>((doc, find) => find.neighbourhood(doc.neighbourhood))
/** Site search follows every write in its transaction. */
const search = searchHooks<MarketItem>('market')

/**
 * Things neighbours sell, give away or ask for (the market). Members write only through the
 * market commands (endpoints/), which hold the rules; staff edit and hide in the admin. An item
 * stores its neighbourhood and an optional street, never coordinates.
 */
export const MarketItems: CollectionConfig = {
  slug: 'market-items',
  custom: { api: { writes: ['delete'] } satisfies CollectionApi },
  access: {
    read: readableContent({ privacy: false }),
    create: staff,
    update: staff,
    delete: staffOrOwner('author'),
  },
  admin: {
    group: 'Neighbours',
    useAsTitle: 'title',
    defaultColumns: ['title', 'kind', 'status', 'pricePence', 'neighbourhood', 'author', 'hidden'],
    listSearchableFields: ['title', 'description', 'street'],
    preview: publicPage((doc) => `/market/${String(doc.id)}`),
  },
  defaultSort: '-createdAt',
  // A neighbourhood's list, newest first, reads this index in order.
  indexes: [{ fields: ['neighbourhood', 'createdAt'] }],
  fields: [
    { name: 'kind', type: 'select', required: true, options: [...MARKET_KINDS], index: true },
    { name: 'title', type: 'text', required: true, maxLength: 80 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    // Whole pence, only for sale; the commands turn typed pounds into it.
    { name: 'pricePence', type: 'number', min: 100, max: 10_000_000, index: true },
    { name: 'condition', type: 'select', options: [...MARKET_CONDITIONS] },
    { name: 'photos', type: 'upload', relationTo: 'media', hasMany: true, maxRows: MAX_PHOTOS },
    // The pickup area is the neighbourhood plus this optional street: never an exact address.
    { name: 'street', type: 'text', maxLength: 80 },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'available',
      options: [...MARKET_STATUSES],
      index: true,
      admin: { position: 'sidebar' },
    },
    // Lists leave an item out from this moment; renewing sets it 30 days on again.
    {
      name: 'expiresAt',
      type: 'date',
      required: true,
      index: true,
      admin: { position: 'sidebar' },
    },
    {
      // The expiry the renewal mail went out for: a job run twice mails once.
      name: 'renewMailedFor',
      type: 'date',
      access: { create: () => false, update: () => false },
      admin: { hidden: true },
    },
    immutable(neighbourhoodField(true)),
    authorField(),
    hiddenField,
    counterField('reactionCount'),
    counterField('commentCount'),
  ],
  hooks: {
    beforeChange: [setAuthor(), keepCounters('reactionCount', 'commentCount')],
    afterChange: [
      live.afterChange,
      search.afterChange,
      pages.afterChange,
      announceApiChange,
      notifyMarketItem,
    ],
    afterDelete: [
      live.afterDelete,
      search.afterDelete,
      pages.afterDelete,
      announceApiChange,
      deleteEngagement('market-item', 'market-item'),
    ],
  },
  endpoints: marketItemEndpoints,
}
