import { MEDALS, type TopReviewer } from '@/views/topReviewer'
import { Emoji } from '@widgets/lib/Emoji'
import './TopReviewers.css'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * The ranking (SPEC §2 Top reviewers), rendered on the server only: the page is rewritten when a
 * review is written or removed and when a review's reactions change, so it ships no script.
 */
export default function TopReviewers({ initial: reviewers }: { initial: TopReviewer[] }) {
  if (reviewers.length === 0) {
    return <p className="empty">No reviewers found yet.</p>
  }
  return (
    <ol className="ranking">
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
