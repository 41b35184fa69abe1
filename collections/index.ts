import type { CollectionConfig } from 'payload'

import { BusinessBadges } from './BusinessBadges'
import { Comments } from './Comments'
import { Discussions } from './Discussions'
import { EventRsvps } from './EventRsvps'
import { Events } from './Events'
import { LocalBusinesses } from './LocalBusinesses'
import { Media } from './Media'
import { ModerationActions } from './ModerationActions'
import { Neighbourhoods } from './Neighbourhoods'
import { Notifications } from './Notifications'
import { Pages } from './Pages'
import { Polls } from './Polls'
import { PollVotes } from './PollVotes'
import { Reactions } from './Reactions'
import { Reports } from './Reports'
import { Reviews } from './Reviews'
import { Stories } from './Stories'
import { UserBadges } from './UserBadges'
import { Users } from './Users'
import { refuseSuspendedWrites } from './shared/suspension'

const productCollections: CollectionConfig[] = [
  Users,
  Neighbourhoods,
  Reviews,
  Media,
  Notifications,
  Comments,
  Reactions,
  Stories,
  Events,
  EventRsvps,
  Discussions,
  Polls,
  PollVotes,
  LocalBusinesses,
  BusinessBadges,
  UserBadges,
  Pages,
  Reports,
  ModerationActions,
]

/** Reading one's notifications stays possible while suspended; every other write is refused. */
const UNGUARDED = new Set(['notifications'])

/**
 * Every collection of the product, registered in payload.config.ts. Add new ones above. Each
 * refuses a suspended member's writes first (collections/shared/suspension.ts).
 */
export const collections: CollectionConfig[] = productCollections.map((c) =>
  UNGUARDED.has(c.slug)
    ? c
    : {
        ...c,
        hooks: {
          ...c.hooks,
          beforeOperation: [refuseSuspendedWrites, ...(c.hooks?.beforeOperation ?? [])],
        },
      },
)
