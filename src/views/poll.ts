import { isPollOpen } from '@/rules/polls'
import { dateFormat, londonDate, londonWallClock, twoDigits } from '@/rules/dates'
import { authorOfRow, isLondonClock } from './event'

/** Polls per page of a list (the spec names none; the forum's page is 10). */
export const POLLS_PAGE_SIZE = 10

export interface PollAuthor {
  id: number
  userName: string | null
  avatarUrl: string | null
}

/** A poll as the lists show it (SPEC §2: question, author, close date, total votes). */
export interface PollCardView {
  id: number
  question: string
  closeDate: string | null
  neighbourhoodSlug: string | null
  neighbourhoodName: string | null
  author: PollAuthor | null
  totalVotes: number
  createdAt: string
}

export interface PollPage {
  polls: PollCardView[]
  page: number
  total: number
  hasMore: boolean
  neighbourhood: { id: number; name: string; slug: string } | null
}

/** The detail screen: the poll, its counts per option and the viewer's vote. */
export interface PollView extends PollCardView {
  options: string[]
  counts: number[]
  myVote: number | null
}

export interface PollRow {
  id: number
  question: string
  close_date: string | Date | null
  neighbourhood_slug: string | null
  neighbourhood_name: string | null
  author_id: number | null
  user_name: string | null
  avatar_file: string | null
  total_votes: string | number | null
  created_at: string | Date
}

export function toPollCard(row: PollRow): PollCardView {
  return {
    id: Number(row.id),
    question: row.question,
    closeDate: row.close_date === null ? null : new Date(row.close_date).toISOString(),
    neighbourhoodSlug: row.neighbourhood_slug,
    neighbourhoodName: row.neighbourhood_name,
    author: authorOfRow(row),
    totalVotes: Number(row.total_votes ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** Whole-number percentages of the total (0 when nobody voted). */
export function percentages(counts: number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0)
  return counts.map((n) => (total === 0 ? 0 : Math.round((n / total) * 100)))
}

export const pollIsClosed = (poll: Pick<PollCardView, 'closeDate'>, now = new Date()) =>
  !isPollOpen(poll.closeDate, now)

/** '5 Dec 2026, 9:05': what en-GB's Intl writes in London, without Intl. */
export function londonCloseDate(at: Date): string {
  const w = londonWallClock(at)
  return `${londonDate(at, 'day')}, ${w.getUTCHours()}:${twoDigits(w.getUTCMinutes())}`
}

/** '5 Dec 2026, 18:00' in the reader's locale and zone (the server renders London's). */
export function formatCloseDate(iso: string, locale = 'en-GB', timeZone = 'Europe/London') {
  if (isLondonClock({ locale, timeZone })) return londonCloseDate(new Date(iso))
  return dateFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso))
}
