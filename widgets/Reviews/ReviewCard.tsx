import { memo } from 'react'

import LazyCommentThread from '@widgets/Comments/LazyCommentThread'
import Reactions from '@widgets/Reactions/Reactions'
import { Emoji } from '@widgets/lib/Emoji'
import { ClaimButton } from './ClaimButton'
import { Stars } from './Stars'
import { REVIEW_EMOJIS, type BadgeView, type ReviewView } from '@/views/review'
import { newMessageHref } from '@/views/messageLinks'
import ReportButton from '@widgets/Reports/ReportButton'
import { DELETED_MEMBER } from '@/rules/userName'
import { MentionText } from '@widgets/lib/MentionText'

interface Props {
  review: ReviewView
  /** When it was written, relative to now ('3 hours ago'). */
  when: string
  /** The neighbourhood's live channel: reactions and comments of its reviews arrive there. */
  channel: string
  /** The signed-in viewer's id, or null. */
  viewerId: number | null
  onOpenPhoto: (reviewId: number) => void
  /** Where a page of reviews starts (`reviews-page-2`): 'Show more reviews' links land there. */
  anchor?: string
  /** The neighbourhood it reviews: 'Ask {name} about {neighbourhood}'. */
  neighbourhoodName: string
}

/** A badge's own colour, darkened for the text and lightened for the chip (AA contrast). */
function badgeStyle(hex: string) {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex)
  const full = m ? (m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!) : '2563eb'
  const rgb = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16))
  const mix = (toward: number, keep: number) =>
    `rgb(${rgb.map((c) => Math.round(toward + (c - toward) * keep)).join(' ')})`
  return { color: mix(0, 0.55), background: mix(255, 0.12), borderColor: mix(255, 0.35) }
}

function Badge({ badge }: { badge: BadgeView }) {
  return (
    <li className="user-badge" style={badgeStyle(badge.colour)}>
      {badge.icon && (
        <>
          <Emoji char={badge.icon} />{' '}
        </>
      )}
      {badge.name}
    </li>
  )
}

/**
 * SPEC §2 review: author (and badges), stars, text, photo, relative time, reactions, comments.
 * Drawn again only when its own props change, not on each list update.
 */
export const ReviewCard = memo(function ReviewCard({
  review,
  when,
  channel,
  viewerId,
  onOpenPhoto,
  anchor,
  neighbourhoodName,
}: Props) {
  const userName = review.author?.userName
  const headingId = `review-${review.id}-author`
  return (
    <li className="review" id={`review-${review.id}`} aria-labelledby={headingId}>
      {anchor && <span id={anchor} className="page-anchor" />}
      <div className="review-head">
        <h3 className="review-author" id={headingId}>
          {userName ? (
            <a href={`/profile/${encodeURIComponent(userName)}`}>{review.authorName}</a>
          ) : (
            review.authorName
          )}
        </h3>
        {review.badges.length > 0 && (
          <ul className="user-badges" aria-label={`${review.authorName}'s badges`}>
            {review.badges.map((b) => (
              <Badge key={b.name} badge={b} />
            ))}
          </ul>
        )}
        <time className="review-time" dateTime={review.createdAt}>
          {when}
        </time>
      </div>
      <Stars rating={review.rating} />
      <p className="review-text">
        <MentionText text={review.comment} mentions={review.mentions} />
      </p>
      {review.photo && (
        <button
          type="button"
          className="review-photo"
          aria-label={`Open photo from ${review.authorName}'s review`}
          onClick={() => onOpenPhoto(review.id)}
        >
          <img
            src={review.photo.thumb}
            alt=""
            width={320}
            height={180}
            loading="lazy"
            decoding="async"
          />
        </button>
      )}
      {review.author && review.author.id !== viewerId && (
        <p className="review-ask">
          <a href={newMessageHref({ review: review.id })}>
            Ask {review.authorName} about {neighbourhoodName}
          </a>
        </p>
      )}
      {review.author === null && review.authorName !== DELETED_MEMBER && viewerId !== null && (
        <ClaimButton review={review} userId={viewerId} />
      )}
      <div className="review-engagement">
        <Reactions
          targetKind="review"
          targetId={review.id}
          emojis={REVIEW_EMOJIS}
          initial={{ counts: review.reactions.counts, mine: null }}
          channel={channel}
          label={`Reactions to ${review.authorName}'s review`}
        />
        <ReportButton
          kind="review"
          id={review.id}
          ownerId={review.author?.id ?? null}
          label={`${review.authorName}'s review`}
        />
        <LazyCommentThread
          targetKind="review"
          targetId={review.id}
          channel={channel}
          initialCount={review.commentCount}
        />
      </div>
    </li>
  )
})
