import type { Endpoint } from 'payload'

import { MENTION_SUGGESTIONS, mentionSearchSchema, type MentionableMember } from '@/schemas/mention'
import { userNameKey } from '@/rules/userName'
import { pgPool, query, sql } from '@/server/database/db'
import { memberSearchWait, tooManyRequestsResponse } from '@/server/http/rateLimits'
import { refuse } from '@/server/http/requests'

/**
 * GET /api/users/mentionable?q=am: members whose user name starts with what was typed after
 * '@', for the editors' picker. Signed-in members only, limited per account, a few at a time,
 * only public profile fields, never suspended members (they cannot be mentioned).
 */
export const mentionableEndpoint: Endpoint = {
  path: '/mentionable',
  method: 'get',
  handler: async (req) => {
    if (!req.user) return refuse(401, 'Sign in to mention members.')
    const parsed = mentionSearchSchema.safeParse({ q: req.searchParams.get('q') ?? undefined })
    if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message)
    const wait = await memberSearchWait(pgPool(req.payload), req.user.id)
    if (wait) return tooManyRequestsResponse(wait)
    const prefix = userNameKey(parsed.data.q)
    if (!prefix) return Response.json({ members: [] })
    const like = `${prefix.replace(/[_%\\]/g, (c) => `\\${c}`)}%`
    const rows = await query<{ user_name: string; name: string | null }>(
      req,
      sql`SELECT user_name, name FROM users
           WHERE user_name_key LIKE ${like} AND user_name IS NOT NULL
             AND (suspended_until IS NULL OR suspended_until <= now())
           ORDER BY user_name_key LIMIT ${MENTION_SUGGESTIONS}`,
    )
    const members: MentionableMember[] = rows.map((r) => ({ userName: r.user_name, name: r.name }))
    return Response.json({ members }, { headers: { 'cache-control': 'private, no-store' } })
  },
}
