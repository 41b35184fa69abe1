import type { Pool } from 'pg'

import type { RsvpStatus } from '@/rules/rsvp'
import type { ReactionTargetKind } from '@/rules/targets'
import type { PageStateAsk } from '@/schemas/pageState'
import type { PageStateAccount, PageStateAnswer } from '@/views/pageState'
import { UNREAD_CONVERSATIONS_SQL } from '@/data/conversations'
import { ownHiddenSql, toOwnHiddenItem, type OwnHiddenRow } from '@/data/ownHidden'

/**
 * A page's personal state (GET /api/users/state) in one statement on the primary: the session
 * is found live (its row there and unexpired: a sign-out, a suspension or a password change
 * deletes it, on any instance), and only then are the account, its unread count, its hidden
 * posts and its emoji read, all for that account alone. A dead session reads as a visitor's
 * (the follower count, nothing else), as Payload's own sign-in check answers it.
 */
const STATEMENT = `
WITH me AS (
  SELECT u.id, u.email, u.user_name, u.name, u.role,
         m.id AS avatar_id, m.url AS avatar_url, m.filename AS avatar_filename
    FROM users u
    JOIN users_sessions s ON s._parent_id = u.id AND s.id = $2 AND s.expires_at > now()
    LEFT JOIN media m ON m.id = u.avatar_id
   WHERE u.id = $1
), hidden AS (${ownHiddenSql('(SELECT id FROM me)', 'NULL::int')})
SELECT (SELECT row_to_json(me) FROM me) AS me,
       (SELECT count(*)::int FROM notifications n JOIN me ON n.user_id = me.id
         WHERE n.is_read = false) AS unread,
       (${UNREAD_CONVERSATIONS_SQL('(SELECT id FROM me)')}) AS messages,
       (SELECT json_build_object('count', count(*)::int,
                                 'mine', coalesce(bool_or(f.user_id = (SELECT id FROM me)), false))
          FROM follows f WHERE $3::int IS NOT NULL AND f.neighbourhood_id = $3) AS follow,
       (SELECT json_agg(json_build_array(r.target_kind, r.target_id::int, r.emoji))
          FROM unnest($4::text[], $5::int[]) AS asked(kind, id)
          JOIN reactions r ON r.target_kind = asked.kind::enum_reactions_target_kind
                          AND r.target_id = asked.id::numeric AND r.user_id = (SELECT id FROM me)) AS reactions,
       (SELECT json_agg(json_build_array(r.event_id, r.status))
          FROM event_rsvps r
         WHERE r.event_id = ANY($6::int[]) AND r.user_id = (SELECT id FROM me)) AS rsvps,
       (SELECT json_agg(json_build_array(v.poll_id, v.option_index::int))
          FROM poll_votes v
         WHERE v.poll_id = ANY($7::int[]) AND v.user_id = (SELECT id FROM me)) AS votes,
       (SELECT json_agg(hidden) FROM hidden) AS hidden`

interface Row {
  me: {
    id: number
    email: string
    user_name: string | null
    name: string | null
    role: PageStateAccount['role']
    avatar_id: number | null
    avatar_url: string | null
    avatar_filename: string | null
  } | null
  unread: number | null
  messages: number | null
  follow: { count: number; mine: boolean } | null
  reactions: [ReactionTargetKind, number, string][] | null
  rsvps: [number, RsvpStatus][] | null
  votes: [number, number][] | null
  hidden: OwnHiddenRow[] | null
}

/** A session as the request's token names it (its signature and expiry already checked). */
export interface StateSession {
  id: number
  sid: string
  exp?: number
}

/**
 * The avatar's URL as Payload's upload field gives it: a stored external URL as it is, else the
 * file's route on this server.
 */
function avatarUrl(url: string | null, filename: string | null, serverURL: string): string | null {
  if (url && !url.startsWith('/') && !url.startsWith(serverURL)) return url
  return filename ? `${serverURL}/api/media/file/${encodeURIComponent(filename)}` : null
}

export async function readPageState(
  pool: Pool,
  ask: PageStateAsk,
  session: StateSession | null,
  serverURL: string,
): Promise<PageStateAnswer> {
  const at = Date.now()
  const kinds: string[] = []
  const ids: number[] = []
  for (const [kind, list] of Object.entries(ask.reactions ?? {})) {
    for (const id of list ?? []) {
      kinds.push(kind)
      ids.push(id)
    }
  }
  // Prepared once per connection: planning this statement costs more than running it.
  const { rows } = await pool.query<Row>({
    name: 'belong-page-state',
    text: STATEMENT,
    values: [
      session?.id ?? null,
      session?.sid ?? null,
      ask.follow ?? null,
      kinds,
      ids,
      ask.rsvps ?? [],
      ask.votes ?? [],
    ],
  })
  const row = rows[0]!
  const me = row.me
  const reactions: PageStateAnswer['reactions'] = {}
  for (const kind of Object.keys(ask.reactions ?? {}) as ReactionTargetKind[]) reactions[kind] = {}
  for (const [kind, id, emoji] of row.reactions ?? []) reactions[kind]![id] = emoji
  const follow =
    ask.follow === undefined
      ? undefined
      : {
          neighbourhood: ask.follow,
          count: row.follow?.count ?? 0,
          following: me ? Boolean(row.follow?.mine) : null,
        }
  const rsvps = ask.rsvps ? Object.fromEntries(row.rsvps ?? []) : undefined
  const votes = ask.votes ? Object.fromEntries(row.votes ?? []) : undefined
  if (!me) return { at, user: null, follow, reactions, rsvps, votes }
  const user: PageStateAccount = {
    id: me.id,
    email: me.email,
    userName: me.user_name,
    name: me.name,
    role: me.role,
    avatar:
      me.avatar_id === null
        ? null
        : { id: me.avatar_id, url: avatarUrl(me.avatar_url, me.avatar_filename, serverURL) },
  }
  return {
    at,
    user,
    exp: session?.exp,
    unread: row.unread ?? 0,
    messages: row.messages ?? 0,
    follow,
    hidden: (row.hidden ?? []).map(toOwnHiddenItem),
    reactions,
    rsvps,
    votes,
  }
}
