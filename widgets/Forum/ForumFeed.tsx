import { useStore } from '@nanostores/react'
import { useEffect, type MouseEvent } from 'react'

import { FORUM_TABS, forumHref, type ForumPage, type ForumType, toFeedCard } from '@/views/forum'
import { useNow } from '@widgets/lib/useNow'
import { FeedCard } from '@widgets/HomeFeeds/FeedCard'
import '@widgets/HomeFeeds/HomeFeeds.css'
import './Forum.css'
import Pager from './Pager'
import { $forum, followHistory, openForumPage, seedForum, watchForum } from './store'

interface Props {
  type: ForumType | null
  initial: ForumPage
  /** When the page was rendered (relative labels match the HTML while hydrating). */
  now: string
}

const EMPTY: Record<string, string> = {
  all: 'No posts yet.',
  discussion: 'No discussions yet.',
  event: 'No upcoming events.',
  story: 'No stories available.',
  poll: 'No polls available.',
}

/** A plain left click loads in place; anything else (new tab, copy link) is the browser's. */
const inPlace = (e: MouseEvent) =>
  !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0)

/**
 * The forum (SPEC §2): tabs All Posts, Discussions, Events, Stories, Polls as links whose active
 * one follows the path, the mixed feed in the home feed's cards and colours, numbered pages.
 */
export default function ForumFeed({ type: initialType, initial, now: serverNow }: Props) {
  const state = useStore($forum)
  const now = useNow(serverNow)
  const type = state ? state.type : initialType
  const data = state?.data ?? initial

  useEffect(() => {
    seedForum(initialType, initial)
    const stopHistory = followHistory()
    const stopLive = watchForum()
    return () => {
      stopHistory()
      stopLive()
    }
  }, [initialType, initial])

  const go = (t: ForumType | null, page: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!inPlace(e)) return
    e.preventDefault()
    void openForumPage(t, page, true)
  }

  return (
    <>
      <nav className="forum-tabs" aria-label="Forum sections">
        <ul>
          {FORUM_TABS.map((tab) => (
            <li key={tab.path}>
              <a
                href={tab.path}
                aria-current={tab.type === type ? 'page' : undefined}
                onClick={go(tab.type, 1)}
              >
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {state?.failed && (
        <p className="forum-status" role="status">
          The forum could not be loaded right now.
        </p>
      )}
      {data.cards.length === 0 ? (
        <p className="feed-empty">{EMPTY[type ?? 'all']}</p>
      ) : (
        <ol
          className="card-list forum-feed"
          aria-busy={state?.loading ? true : undefined}
          aria-label="Posts"
        >
          {data.cards.map((card) => (
            <li key={`${card.type}-${card.id}`}>
              <FeedCard card={toFeedCard(card)} now={now} level={2} />
            </li>
          ))}
        </ol>
      )}
      <Pager
        page={data.page}
        totalPages={data.totalPages}
        href={(n) => forumHref(type, n)}
        label="Forum pages"
        onNavigate={(n, e) => go(type, n)(e)}
      />
    </>
  )
}
