import type { Payload } from 'payload'

import { REPORT_TARGETS, type CommentTargetKind, type ReportTargetKind } from '@/rules/targets'
import { pgPool } from '@/server/database/db'
import { postPath, type OwnHiddenItem } from '@/views/report'
import { ITEM_TEXT } from '@/data/moderationQueue'

export type { OwnHiddenItem }

const POST_KINDS = [
  'review',
  'story',
  'discussion',
  'event',
  'poll',
  'local-business',
  'safety-alert',
  'lost-found',
  'market-item',
] as const

/** One kind of post's hidden rows of one author (comments are read together, below). */
function selectOf(kind: (typeof POST_KINDS)[number], owner: string) {
  const { collection, owner: column } = REPORT_TARGETS[kind]
  return `SELECT '${kind}' AS kind, t.id, ${ITEM_TEXT[kind]} AS text,
                 t.neighbourhood_id AS neighbourhood, NULL::int AS on_id, t.created_at
            FROM "${collection.replace(/-/g, '_')}" t
           WHERE t.${column}_id = ${owner} AND t.hidden IS TRUE`
}

/** A row of ownHiddenSql (appealed_at a Date from pg, or a string inside JSON). */
export interface OwnHiddenRow {
  kind: ReportTargetKind
  id: number
  text: string
  neighbourhood: number | null
  on_id: number | null
  slug: string | null
  appealed_at: Date | string | null
}

/**
 * The statement of a member's own hidden posts, newest first: `owner` and `neighbourhood` are
 * SQL (parameters, or a subquery where another statement embeds it: GET /api/users/state).
 */
export function ownHiddenSql(owner: string, neighbourhood: string): string {
  return `WITH own AS (
       ${POST_KINDS.map((kind) => selectOf(kind, owner)).join('\n UNION ALL ')}
       UNION ALL
       SELECT c.target_kind || '-comment', c.id, c.content,
              coalesce(r.neighbourhood_id, s.neighbourhood_id, d.neighbourhood_id,
                       m.neighbourhood_id, l.neighbourhood_id, a.neighbourhood_id),
              c.target_id::int,
              c.created_at
         FROM comments c
         LEFT JOIN reviews r ON c.target_kind = 'review' AND r.id = c.target_id
         LEFT JOIN stories s ON c.target_kind = 'story' AND s.id = c.target_id
         LEFT JOIN discussions d ON c.target_kind = 'discussion' AND d.id = c.target_id
         LEFT JOIN market_items m ON c.target_kind = 'market-item' AND m.id = c.target_id
         LEFT JOIN lost_found_posts l ON c.target_kind = 'lost-found' AND l.id = c.target_id
         LEFT JOIN safety_alerts a ON c.target_kind = 'safety-alert' AND a.id = c.target_id
        WHERE c.author_id = ${owner} AND c.hidden IS TRUE)
     SELECT own.kind, own.id, own.text, own.neighbourhood, own.on_id, n.slug,
            (SELECT a.appealed_at FROM moderation_actions a
              WHERE a.target_kind::text = own.kind AND a.target_id = own.id AND a.action = 'hidden'
              ORDER BY a.created_at DESC LIMIT 1) AS appealed_at
       FROM own LEFT JOIN neighbourhoods n ON n.id = own.neighbourhood
      WHERE ${neighbourhood} IS NULL OR own.neighbourhood = ${neighbourhood}
      ORDER BY own.created_at DESC LIMIT 100`
}

export function toOwnHiddenItem(r: OwnHiddenRow): OwnHiddenItem {
  const on = r.kind.endsWith('-comment')
    ? (r.kind.replace('-comment', '') as CommentTargetKind)
    : null
  return {
    kind: r.kind,
    id: r.id,
    text: r.text,
    neighbourhood: r.neighbourhood,
    on: r.on_id,
    href: on ? postPath(on, r.on_id ?? 0, r.slug) : postPath(r.kind, r.id, r.slug),
    appealedAt: r.appealed_at === null ? null : new Date(r.appealed_at).toISOString(),
  }
}

/**
 * A member's own hidden posts, newest first (optionally of one neighbourhood): readers' access
 * never returns them, so this read is the one way their author sees them, on their profile and
 * on the page where each was, marked 'Hidden while an editor reviews it'.
 */
export async function ownHiddenItems(
  payload: Payload,
  owner: number,
  neighbourhood?: number,
): Promise<OwnHiddenItem[]> {
  const { rows } = await pgPool(payload).query<OwnHiddenRow>(ownHiddenSql('$1', '$2::int'), [
    owner,
    neighbourhood ?? null,
  ])
  return rows.map(toOwnHiddenItem)
}
