import type { Payload } from 'payload'

import { REPORT_REASONS, type ReportReason } from '@/rules/moderation'
import { canBeHidden, REPORT_TARGETS, type ReportTargetKind } from '@/rules/targets'
import { pgPool } from '@/server/database/db'
import { mediaUrl } from '@/views/media'
import { postPath } from '@/views/report'

/** One open case of the editors' queue: an item with its open reports. */
export interface ModerationCase {
  kind: ReportTargetKind
  id: number
  firstReportedAt: string
  reports: number
  /** The reporters' summed weight (the threshold hides at REPORT_THRESHOLD). */
  weight: number
  reasons: { reason: string; label: string; count: number }[]
  notes: string[]
  neighbourhood: string | null
  /** As a reader would see it (title and text). */
  text: string
  /** Its picture (a review's photo, a story's image, a profile's avatar), as a thumbnail. */
  image: string | null
  hidden: boolean
  author: { id: number; userName: string | null; since: string; upheld: number } | null
  /** Where it is on the site (the admin's document for a profile). */
  href: string
  /** The author's 'Ask for a review' note, while no editor has decided since. */
  appeal: string | null
}

/** Each kind's text as SQL over its own table (title and body, as readers see them). */
export const ITEM_TEXT: Record<ReportTargetKind, string> = {
  review: `comment`,
  'review-comment': `content`,
  story: `concat_ws(E'\\n', title, description)`,
  'story-comment': `content`,
  discussion: `concat_ws(E'\\n', title, content)`,
  'discussion-comment': `content`,
  'market-item-comment': `content`,
  'lost-found-comment': `content`,
  'safety-alert-comment': `content`,
  event: `concat_ws(E'\\n', title, description)`,
  poll: `question`,
  'local-business': `concat_ws(E'\\n', name, description)`,
  'safety-alert': `concat_ws(E'\\n', title, body)`,
  'lost-found': `concat_ws(E'\\n', title, description)`,
  'market-item': `concat_ws(E'\\n', title, description)`,
  profile: `concat_ws(E'\\n', user_name, bio)`,
  // The reported message last, after the five before it in its conversation, each with its sender.
  message: `(SELECT string_agg(coalesce(u.user_name, 'a deleted member') || ': ' || p.body, E'\\n'
                   ORDER BY p.created_at, p.id)
               FROM (SELECT * FROM messages p WHERE p.conversation_id = messages.conversation_id
                        AND (p.created_at, p.id) <= (messages.created_at, messages.id)
                      ORDER BY p.created_at DESC, p.id DESC LIMIT 6) p
               LEFT JOIN users u ON u.id = p.sender_id)`,
}

/** Each kind's picture column, for the kinds that have one. */
const ITEM_IMAGE: Partial<Record<ReportTargetKind, string>> = {
  review: 'photo_id',
  story: 'image_id',
  event: 'image_id',
  'local-business': 'image_id',
  profile: 'avatar_id',
}

/** 'Open where it is': the post's public page, else its document in the admin. */
const hrefOf = (kind: ReportTargetKind, id: number, slug: string | null) =>
  postPath(kind, id, slug) ??
  (kind === 'profile'
    ? `/admin/collections/users/${id}`
    : // A private message has no page staff may open: the queue shows all they may read.
      kind === 'message'
      ? `/admin/collections/reports?where[targetKind][equals]=message`
      : `/admin/collections/comments/${id}`)

/**
 * The open cases, oldest first: one grouped read of the open reports, then one read per kind of
 * the items' text and author, and one of the authors' accounts and earlier upheld cases.
 */
export async function openCases(payload: Payload, limit = 200): Promise<ModerationCase[]> {
  const pool = pgPool(payload)
  const { rows } = await pool.query<{
    kind: ReportTargetKind
    id: number
    first: Date
    reports: number
    weight: number
    reasons: Record<string, number>
    notes: string[] | null
    neighbourhood: string | null
    slug: string | null
  }>(
    `SELECT r.target_kind AS kind, r.target_id::int AS id, min(r.created_at) AS first,
            count(*)::int AS reports, sum(r.weight)::float AS weight,
            (SELECT jsonb_object_agg(reason, n) FROM (
               SELECT reason, count(*)::int AS n FROM reports x
                WHERE x.target_kind = r.target_kind AND x.target_id = r.target_id
                  AND x.status = 'open' GROUP BY reason) counted) AS reasons,
            array_agg(r.note) FILTER (WHERE r.note IS NOT NULL AND r.note <> '') AS notes,
            min(n.name) AS neighbourhood, min(n.slug) AS slug
       FROM reports r LEFT JOIN neighbourhoods n ON n.id = r.neighbourhood_id
      WHERE r.status = 'open'
      GROUP BY r.target_kind, r.target_id
      ORDER BY first ASC LIMIT $1`,
    [limit],
  )
  // Appeals waiting for an editor: their cases are open even when no report is.
  const { rows: appeals } = await pool.query<{
    kind: ReportTargetKind
    id: number
    appeal: string
    appealed_at: Date
    neighbourhood: string | null
    slug: string | null
  }>(
    `SELECT a.target_kind AS kind, a.target_id::int AS id, a.appeal, a.appealed_at,
            n.name AS neighbourhood, n.slug
       FROM moderation_actions a LEFT JOIN neighbourhoods n ON n.id = a.neighbourhood_id
      WHERE a.appealed_at IS NOT NULL AND a.appeal_decided_at IS NULL
      ORDER BY a.appealed_at ASC LIMIT $1`,
    [limit],
  )
  const appealOf = new Map(appeals.map((a) => [`${a.kind}-${a.id}`, a.appeal]))
  for (const a of appeals) {
    if (rows.some((r) => r.kind === a.kind && r.id === a.id)) continue
    rows.push({
      kind: a.kind,
      id: a.id,
      first: a.appealed_at,
      reports: 0,
      weight: 0,
      reasons: {},
      notes: [],
      neighbourhood: a.neighbourhood,
      slug: a.slug,
    })
  }
  const items = new Map<
    string,
    { text: string; author: number | null; hidden: boolean; image: number | null }
  >()
  const kinds = [...new Set(rows.map((r) => r.kind))]
  for (const kind of kinds) {
    const { collection, owner } = REPORT_TARGETS[kind]
    const ids = rows.filter((r) => r.kind === kind).map((r) => r.id)
    const ownerColumn = owner === 'id' ? 'id' : `${owner}_id`
    const hidden = canBeHidden(kind) ? 'coalesce(hidden, false)' : 'false'
    const image = ITEM_IMAGE[kind] ?? 'NULL::int'
    const found = await pool.query<{
      id: number
      text: string
      author: number | null
      hidden: boolean
      image: number | null
    }>(
      `SELECT id, ${ITEM_TEXT[kind]} AS text, ${ownerColumn} AS author, ${hidden} AS hidden,
              ${image} AS image
         FROM "${collection.replace(/-/g, '_')}" WHERE id = ANY($1::int[])`,
      [ids],
    )
    for (const f of found.rows) items.set(`${kind}-${f.id}`, f)
  }
  // The pictures through Payload, so their URLs follow the storage (disk or S3) as pages do.
  const imageIds = [...new Set([...items.values()].map((i) => i.image).filter((i) => i !== null))]
  const pictures = imageIds.length
    ? await payload.find({
        collection: 'media',
        where: { id: { in: imageIds } },
        depth: 0,
        limit: imageIds.length,
        pagination: false,
      })
    : { docs: [] }
  const pictureOf = new Map(pictures.docs.map((m) => [m.id, mediaUrl(m, 'thumbnail')]))
  const authorIds = [...new Set([...items.values()].map((i) => i.author).filter((a) => a !== null))]
  const { rows: authors } = await pool.query<{
    id: number
    user_name: string | null
    created_at: Date
    upheld: number
  }>(
    `SELECT u.id, u.user_name, u.created_at,
            (SELECT count(*)::int FROM moderation_actions a
              WHERE a.member_id = u.id AND a.automatic IS NOT TRUE
                AND a.action IN ('hidden', 'suspended')) AS upheld
       FROM users u WHERE u.id = ANY($1::int[])`,
    [authorIds],
  )
  const byId = new Map(authors.map((a) => [a.id, a]))
  return rows.map((r) => {
    const item = items.get(`${r.kind}-${r.id}`)
    const a = item?.author != null ? byId.get(item.author) : undefined
    return {
      kind: r.kind,
      id: r.id,
      firstReportedAt: r.first.toISOString(),
      reports: r.reports,
      weight: r.weight,
      reasons: Object.entries(r.reasons ?? {})
        .map(([reason, count]) => ({
          reason,
          label: REPORT_REASONS[reason as ReportReason] ?? reason,
          count,
        }))
        .sort((x, y) => y.count - x.count),
      notes: r.notes ?? [],
      neighbourhood: r.neighbourhood,
      text: item?.text ?? '(no longer there)',
      image: item?.image != null ? (pictureOf.get(item.image) ?? null) : null,
      hidden: item?.hidden ?? false,
      author: a
        ? { id: a.id, userName: a.user_name, since: a.created_at.toISOString(), upheld: a.upheld }
        : null,
      href: hrefOf(r.kind, r.id, r.slug),
      appeal: appealOf.get(`${r.kind}-${r.id}`) ?? null,
    }
  })
}

/** How many cases are open, appeals included (the dashboard's and the nav's figure). */
export async function openCaseCount(payload: Payload): Promise<number> {
  const { rows } = await pgPool(payload).query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT target_kind::text, target_id::int FROM reports WHERE status = 'open'
        UNION
       SELECT target_kind::text, target_id::int FROM moderation_actions
        WHERE appealed_at IS NOT NULL AND appeal_decided_at IS NULL) open_cases`,
  )
  return rows[0]?.n ?? 0
}

export interface SuspendedMember {
  id: number
  userName: string | null
  until: string
}

/** Members whose suspension is running, the soonest to end first (for 'Lift suspension'). */
export async function suspendedMembers(payload: Payload, limit = 100): Promise<SuspendedMember[]> {
  const { rows } = await pgPool(payload).query<{
    id: number
    user_name: string | null
    until: Date
  }>(
    `SELECT id, user_name, suspended_until AS until FROM users
      WHERE suspended_until > now() ORDER BY suspended_until ASC LIMIT $1`,
    [limit],
  )
  return rows.map((r) => ({ id: r.id, userName: r.user_name, until: r.until.toISOString() }))
}
