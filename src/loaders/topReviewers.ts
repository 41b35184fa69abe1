import { createLocalReq, type Payload } from 'payload'

import { readTopReviewers } from '@/data/topReviewers'
import type { TopReviewer } from '@/views/topReviewer'

/** The ranking as GET /api/top-reviewers answers it by default (the island re-reads that). */
export async function loadTopReviewers(payload: Payload): Promise<TopReviewer[]> {
  return readTopReviewers(await createLocalReq({}, payload), 20)
}
