/** One row of the top reviewers ranking (SPEC §2), from `GET /api/top-reviewers`. */
export interface TopReviewer {
  id: number
  userName: string
  name: string | null
  avatarUrl: string | null
  reviewCount: number
  reactionCount: number
}

/** The top three's medals, drawn as emoji (src/views/emoji.ts) and named by their label. */
export const MEDALS = [
  { icon: '🥇', label: 'Gold medal, 1st place' },
  { icon: '🥈', label: 'Silver medal, 2nd place' },
  { icon: '🥉', label: 'Bronze medal, 3rd place' },
] as const
