import { atom } from 'nanostores'

import {
  forumHref,
  parseForumPage,
  tabForPath,
  type ForumPage,
  type ForumType,
} from '@/views/forum'
import { send } from '@widgets/lib/client'
import { subscribeChannel } from '@widgets/lib/realtime'

/**
 * The forum page's state (SPEC §2 Community forum): the tab, the page and its cards. The page
 * is in the address: tab and page links load in place and push it, the back button restores
 * the page it names, and a reload or a shared link renders the same page on the server.
 */
export interface ForumState {
  type: ForumType | null
  page: number
  data: ForumPage
  loading: boolean
  failed: boolean
}

export const $forum = atom<ForumState | null>(null)

export function seedForum(type: ForumType | null, data: ForumPage) {
  const s = $forum.get()
  if (!s || s.type !== type || s.page !== data.page) {
    $forum.set({ type, page: data.page, data, loading: false, failed: false })
  }
}

let latest = 0

/** Loads a tab's page; `push` adds it to the history (a click), else it only shows it (back). */
export async function openForumPage(
  type: ForumType | null,
  page: number,
  push: boolean,
): Promise<void> {
  const s = $forum.get()
  if (!s) return
  const ticket = ++latest
  $forum.set({ ...s, type, page, loading: true, failed: false })
  if (push) window.history.pushState({ forum: true }, '', forumHref(type, page))
  try {
    const data: ForumPage = await send('forum.list', {
      page: String(page),
      type: type ?? undefined,
    })
    if (ticket !== latest) return
    $forum.set({ type, page: data.page, data, loading: false, failed: false })
    if (push) window.scrollTo({ top: 0 })
  } catch (e) {
    if (ticket !== latest) return
    // SPEC §8: fetch errors are logged; the page says it could not load.
    console.warn('Forum feed failed', e)
    $forum.set({ ...$forum.get()!, loading: false, failed: true })
  }
}

/** The back and forward buttons: show the page the address names. */
export function followHistory(): () => void {
  const onPop = () => {
    const tab = tabForPath(window.location.pathname)
    if (!tab) return
    void openForumPage(tab.type, parseForumPage(new URLSearchParams(window.location.search)), false)
  }
  window.addEventListener('popstate', onPop)
  return () => window.removeEventListener('popstate', onPop)
}

/**
 * New, changed or removed discussions arrive on the public 'forum' channel: the first page of
 * All Posts and Discussions reads itself again (later pages keep still while being read).
 */
export function watchForum(): () => void {
  const refresh = () => {
    const s = $forum.get()
    if (s && s.page === 1 && (s.type === null || s.type === 'discussion') && !s.loading) {
      void openForumPage(s.type, 1, false)
    }
  }
  return subscribeChannel(
    'forum',
    {
      'discussion.created': refresh,
      'discussion.updated': refresh,
      'discussion.deleted': refresh,
    },
    refresh,
  )
}
