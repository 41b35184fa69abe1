import { payloadClient } from '@/loaders/payload'
import { viewerOf } from '@/loaders/viewer'
import type { User } from '@/payload-types'
import { queryId } from '@/views/forms'

/**
 * What the on-demand pages about one item (/appeal, /report, /delete) read first: the item's
 * `?kind=` and `?id=`, and the signed-in viewer (null: the page sends them to sign in). `Kind` is
 * what the page then checks `?kind=` against; nothing is checked here.
 */
export async function itemRequest<Kind extends string = string>(page: {
  url: URL
  request: Request
}) {
  const query = page.url.searchParams
  const payload = await payloadClient()
  return {
    kind: query.get('kind') as Kind | null,
    id: queryId(query),
    payload,
    viewer: (await viewerOf(payload, page.request.headers)) as User | null,
  }
}
