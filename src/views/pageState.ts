import type { RsvpStatus } from '@/rules/rsvp'
import type { ReactionTargetKind } from '@/rules/targets'
import type { HomeFeeds } from './home'
import type { OwnHiddenItem } from './report'

/** The signed-in account as a page's islands use it (widgets/lib/session.ts). */
export interface PageStateAccount {
  id: number
  email?: string
  userName?: string | null
  name?: string | null
  role: 'member' | 'editor' | 'admin'
  avatar?: { id?: number; url?: string | null } | number | null
}

/** The answer of GET /api/users/state (collections/Users/accounts/pageState.ts). */
export interface PageStateAnswer {
  /** When the server began reading it (ms): the live channels' first re-read compares to it. */
  at: number
  user: null | PageStateAccount
  /** When the session's token expires (seconds since the epoch). */
  exp?: number
  unread?: number
  /** Conversations with messages the member has not opened (the header's Messages). */
  messages?: number
  follow?: { neighbourhood: number; count: number; following: boolean | null }
  hidden?: OwnHiddenItem[]
  reactions: Partial<Record<ReactionTargetKind, Record<string, string>>>
  /** Their RSVP by event id, for the events asked about (none: no RSVP). */
  rsvps?: Record<string, RsvpStatus>
  /** Their vote (the option's index) by poll id, for the polls asked about. */
  votes?: Record<string, number>
  /** The home's feeds from the neighbourhoods they follow (null: none followed), when asked. */
  followedFeeds?: HomeFeeds | null
}
