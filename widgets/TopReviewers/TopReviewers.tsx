import { useEffect, useState } from 'react'

import { MEDALS, type TopReviewer } from '@/views/topReviewer'
import { api } from '@widgets/lib/api'
import { Emoji } from '@widgets/lib/Emoji'
import './TopReviewers.css'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * The ranking (SPEC §2 Top reviewers). The static HTML is the ranking at the last build (a new
 * review rebuilds the site); the island reads GET /api/top-reviewers once loaded, because
 * reactions to reviews also move people up and those do not rebuild the site.
 */
export default function TopReviewers({ initial }: { initial: TopReviewer[] }) {
  const [reviewers, setReviewers] = useState(initial)
  const [fresh, setFresh] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    api<{ reviewers: TopReviewer[] }>('/api/top-reviewers', {
      signal: controller.signal,
      shared: true,
    }).then(
      (answer) => {
        setReviewers(answer.reviewers)
        setFresh(true)
      },
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('top reviewers: refresh failed', error)
      },
    )
    return () => controller.abort()
  }, [])

  if (reviewers.length === 0) {
    return (
      <p className="empty" data-fresh={fresh}>
        No reviewers found yet.
      </p>
    )
  }
  return (
    <ol className="ranking" data-fresh={fresh}>
      {reviewers.map((r, i) => (
        <li key={r.id} className={i < 3 ? `ranked podium-${i + 1}` : 'ranked'}>
          <a className="reviewer" href={`/profile/${encodeURIComponent(r.userName)}`}>
            {i < 3 ? (
              <span className="medal">
                <Emoji char={MEDALS[i]!.icon} label={MEDALS[i]!.label} />
              </span>
            ) : (
              <span className="rank">
                <span className="sr-only">Rank </span>
                {i + 1}
              </span>
            )}
            <img
              className="reviewer-avatar"
              src={r.avatarUrl ?? '/default-avatar.svg'}
              alt=""
              width={48}
              height={48}
              loading="lazy"
            />
            <span className="reviewer-name">
              <strong>{r.name || r.userName}</strong>
              <span className="muted">@{r.userName}</span>
            </span>
            <span className="reviewer-counts">
              <span>{plural(r.reviewCount, 'review')}</span>
              <span>{plural(r.reactionCount, 'reaction')}</span>
            </span>
          </a>
        </li>
      ))}
    </ol>
  )
}
