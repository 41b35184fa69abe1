import type { ClientUser, CollectionConfig } from 'payload'

import { Blocks } from './Blocks'
import { BusinessBadges } from './BusinessBadges'
import { Comments } from './Comments'
import { Conversations } from './Conversations'
import { Discussions } from './Discussions'
import { SafetyAlerts } from './SafetyAlerts'
import { EventRsvps } from './EventRsvps'
import { Events } from './Events'
import { Follows } from './Follows'
import { LocalBusinesses } from './LocalBusinesses'
import { LostFoundPosts } from './LostFound'
import { Mails } from './Mails'
import { MarketItems } from './MarketItems'
import { Media } from './Media'
import { Messages } from './Messages'
import { ModerationActions } from './ModerationActions'
import { Neighbourhoods } from './Neighbourhoods'
import { Notifications } from './Notifications'
import { Pages } from './Pages'
import { Polls } from './Polls'
import { PushMessages, PushSubscriptions } from './PushSubscriptions'
import { PollVotes } from './PollVotes'
import { Reactions } from './Reactions'
import { Reports } from './Reports'
import { Reviews } from './Reviews'
import { SearchIndex } from './Search'
import { StaffAudit } from './StaffAudit'
import { Stories } from './Stories'
import { UserBadges } from './UserBadges'
import { Users } from './Users'
import { refuseSuspendedWrites } from './shared/suspension'

// The admin's nav lists its groups in this order: Moderation first.
const productCollections: CollectionConfig[] = [
  Reports,
  ModerationActions,
  Users,
  StaffAudit,
  Neighbourhoods,
  Follows,
  Reviews,
  Media,
  Notifications,
  Mails,
  PushSubscriptions,
  PushMessages,
  Comments,
  Reactions,
  Stories,
  Events,
  EventRsvps,
  Discussions,
  SafetyAlerts,
  Polls,
  PollVotes,
  LocalBusinesses,
  LostFoundPosts,
  BusinessBadges,
  UserBadges,
  Pages,
  SearchIndex,
  Conversations,
  Messages,
  Blocks,
  MarketItems,
]

/** Where each collection sits in the admin's nav, as editors think of them. */
const NAV_GROUPS: Record<string, string> = {
  reports: 'Moderation',
  'moderation-actions': 'Moderation',
  reviews: 'Community',
  comments: 'Community',
  stories: 'Community',
  discussions: 'Community',
  events: 'Community',
  polls: 'Community',
  neighbourhoods: 'Places',
  'local-businesses': 'Places',
  'business-badges': 'Places',
  users: 'People',
  'staff-audit': 'People',
  'user-badges': 'People',
  notifications: 'People',
  mails: 'People',
  pages: 'Site',
  media: 'Site',
}

/**
 * Rows the site writes itself (reactions, RSVPs and votes by their endpoints, the search index by
 * every collection's hooks): out of editors' way; admins still open them (a search entry's boost).
 */
const TECHNICAL = new Set([
  'reactions',
  'event-rsvps',
  'poll-votes',
  'follows',
  'search-index',
  'push-subscriptions',
  'push-messages',
])
// Staff reach the admin only with a second factor (src/server/site/site.ts), so the role is theirs.
const hiddenFromEditors = ({ user }: { user: ClientUser }) => user.role !== 'admin'

/** A document with a public page links to it in words (cms/components/ViewOnSite.tsx). */
const VIEW_ON_SITE = '/cms/components/ViewOnSite#ViewOnSite'

const inNav = (c: CollectionConfig): CollectionConfig => ({
  ...c,
  admin: {
    ...c.admin,
    ...(NAV_GROUPS[c.slug] ? { group: NAV_GROUPS[c.slug] } : {}),
    ...(TECHNICAL.has(c.slug) ? { group: 'Technical', hidden: hiddenFromEditors } : {}),
    ...(c.admin?.preview
      ? {
          components: {
            ...c.admin.components,
            edit: { ...c.admin.components?.edit, PreviewButton: VIEW_ON_SITE },
          },
        }
      : {}),
  },
})

/** Reading one's notifications stays possible while suspended; every other write is refused. */
const UNGUARDED = new Set(['notifications'])

/** Editors may copy a static page in the admin; nothing else is ever copied. */
const DUPLICABLE = new Set(['pages'])

/**
 * Every collection of the product, registered in payload.config.ts. Add new ones above. Each
 * refuses a suspended member's writes first (collections/shared/suspension.ts). Payload's
 * POST /api/<collection>/<id>/duplicate is off: it let a member copy anyone's post as their own,
 * the body's fields (even updatedAt) written as given.
 */
export const collections: CollectionConfig[] = productCollections.map(inNav).map((c) => ({
  ...c,
  disableDuplicate: !DUPLICABLE.has(c.slug),
  ...(UNGUARDED.has(c.slug)
    ? {}
    : {
        hooks: {
          ...c.hooks,
          beforeOperation: [refuseSuspendedWrites, ...(c.hooks?.beforeOperation ?? [])],
        },
      }),
}))
