import { absoluteDate, type HomeFeedCard } from '@/views/home'
import { relativeTime } from '@/views/relativeTime'

const TYPE_LABEL = { discussion: 'Discussion', story: 'Story', poll: 'Poll', event: 'Event' }

/**
 * One home feed card (SPEC §2): type (own colour), title, text, image, neighbourhood slug, author
 * and time. `now` is null in the static HTML, which then shows the date; the island sets it after
 * hydration and the label becomes relative ('3 hours ago'), so static pages never show a stale one.
 * The title's heading level follows the page: under a section's h3 on the home, under the h1 in
 * the forum (headings never skip a level).
 */
export function FeedCard({
  card,
  now,
  level = 4,
}: {
  card: HomeFeedCard
  now: Date | null
  level?: 2 | 4
}) {
  const Title = level === 2 ? 'h2' : 'h4'
  return (
    <article className={`feed-card feed-${card.type}`}>
      {card.imageUrl && (
        <img
          className="feed-image"
          src={card.imageUrl}
          alt=""
          width={640}
          height={360}
          loading="lazy"
        />
      )}
      <div className="feed-body">
        <p className="feed-meta">
          <span className="feed-type">{TYPE_LABEL[card.type]}</span>
          {card.neighbourhoodSlug && <span className="feed-slug">{card.neighbourhoodSlug}</span>}
        </p>
        <Title className="feed-title">
          <a href={card.href}>{card.title}</a>
        </Title>
        {card.eventDate && (
          <p className="feed-when">
            <time dateTime={card.eventDate}>{absoluteDate(card.eventDate, true)}</time>
          </p>
        )}
        {card.text && <p className="feed-text">{card.text}</p>}
        <p className="feed-footer">
          {card.author && (
            <a
              className="feed-author"
              href={`/profile/${encodeURIComponent(card.author.userName)}`}
            >
              <img
                src={card.author.avatarUrl ?? '/default-avatar.svg'}
                alt=""
                width={28}
                height={28}
                loading="lazy"
              />
              {card.author.userName}
            </a>
          )}
          <time dateTime={card.createdAt} title={absoluteDate(card.createdAt, true)}>
            {now ? relativeTime(card.createdAt, now) : absoluteDate(card.createdAt)}
          </time>
        </p>
      </div>
    </article>
  )
}
