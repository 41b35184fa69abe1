import type { CommentTargetKind, ReportTargetKind } from '@/rules/targets'

/** The report page of one item: the Report button's link before or without JavaScript. */
export const reportHref = (kind: ReportTargetKind, id: number) => `/report?kind=${kind}&id=${id}`

/**
 * The public page a post is on, by kind (null for comments and profiles, whose page depends on
 * more than the neighbourhood): the report page's way back and the editors' 'Open where it is'.
 */
export function postPath(
  kind: ReportTargetKind | CommentTargetKind,
  id: number,
  slug: string | null,
): string | null {
  switch (kind) {
    case 'review':
      return `/neighbourhood/${slug}#review-${id}`
    case 'story':
      return `/neighbourhood/${slug}/stories/${id}`
    case 'discussion':
      return `/discussions/${id}`
    case 'event':
      return slug ? `/neighbourhood/${slug}/events` : '/event'
    case 'poll':
      return `/polls/${id}`
    case 'local-business':
      return `/neighbourhood/${slug}/local-spots`
    case 'safety-alert':
      return `/safety/${id}`
    case 'lost-found':
      return `/lost-found/${id}`
    case 'market-item':
      return `/market/${id}`
    default:
      return null
  }
}

/** One of a member's own posts that is hidden pending review, as its author sees it. */
export interface OwnHiddenItem {
  kind: ReportTargetKind
  id: number
  text: string
  neighbourhood: number | null
  /** For a comment, the review, story or discussion it is on. */
  on: number | null
  /** The page it was on. */
  href: string | null
  /** When its author asked for a review, or null while they may still ask. */
  appealedAt: string | null
}
