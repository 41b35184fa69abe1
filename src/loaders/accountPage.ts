import type { AstroGlobal } from 'astro'

import { payloadClient } from '@/loaders/payload'
import { viewerOf } from '@/loaders/viewer'
import { signInHref } from '@/views/site'

/**
 * What a page about the signed-in member's own account (Profile → Settings and its pages) does
 * first: signed out, the answer is the way to sign in and back to `path` (with `search`, so a
 * mailed link's token or a ?next= outlives signing in); signed in, the page is marked private
 * and kept out of search engines, and gets the viewer. The page returns the Response as is.
 */
export async function accountPage(
  page: Pick<AstroGlobal, 'request' | 'response' | 'redirect'>,
  path: string,
  search = '',
) {
  const payload = await payloadClient()
  const viewer = await viewerOf(payload, page.request.headers)
  if (!viewer) return page.redirect(signInHref(path, search))
  page.response.headers.set('cache-control', 'private, no-store')
  page.response.headers.set('x-robots-tag', 'noindex')
  return { payload, viewer }
}
