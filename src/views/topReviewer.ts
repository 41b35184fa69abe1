/** One row of the top reviewers ranking (SPEC §2), from `GET /api/top-reviewers`. */
export interface TopReviewer {
  id: number
  userName: string
  name: string | null
  avatarUrl: string | null
  reviewCount: number
  reactionCount: number
}
