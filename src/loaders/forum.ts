import { createLocalReq, type Payload } from 'payload'

import { readForumPage } from '@/data/forum'
import { parseForumPage, type ForumPage, type ForumTab } from '@/views/forum'

/** One page of the forum feed for a tab (the same read as GET /api/forum). */
export async function loadForumPage(payload: Payload, tab: ForumTab, url: URL): Promise<ForumPage> {
  const req = await createLocalReq({}, payload)
  return readForumPage(req, tab.type, parseForumPage(url.searchParams))
}
