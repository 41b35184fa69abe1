import type { CollectionConfig } from 'payload'

import { BusinessBadges } from './BusinessBadges'
import { Comments } from './Comments'
import { Discussions } from './Discussions'
import { EventRsvps } from './EventRsvps'
import { Events } from './Events'
import { LocalBusinesses } from './LocalBusinesses'
import { Media } from './Media'
import { Neighbourhoods } from './Neighbourhoods'
import { Notifications } from './Notifications'
import { Pages } from './Pages'
import { Polls } from './Polls'
import { PollVotes } from './PollVotes'
import { Reactions } from './Reactions'
import { Reviews } from './Reviews'
import { Stories } from './Stories'
import { UserBadges } from './UserBadges'
import { Users } from './Users'

/** Every collection of the product, registered in payload.config.ts. Add new ones here. */
export const collections: CollectionConfig[] = [
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
]
