import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import type { StarCounts } from '@/rules/ratingSummary'
import type { FormState } from '@/views/forms'
import { relativeTime } from '@/views/relativeTime'
import {
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  reviewsViewHref,
  type ReviewSort,
  type ReviewView,
} from '@/views/review'
import OwnHidden from '@widgets/Reports/OwnHidden'
import { useNow } from '@widgets/lib/useNow'
import type { Lightbox, Slide } from './Lightbox'
import { ReviewCard } from './ReviewCard'
import { ReviewForm } from './ReviewForm'
import {
  $reviews,
  $starCounts,
  renderedState,
  showMoreReviews,
  sortReviews,
  watchReviews,
} from './store'
import { useViewer } from './useViewer'
import './Reviews.css'

interface Props {
  neighbourhood: { id: number; name: string; slug: string }
  initial: {
    reviews: ReviewView[]
    hasMore: boolean
    totalDocs: number
    counts: StarCounts
    renderedAt: string
    /** The order and number of pages the server rendered (the page's ?sort= and ?pages=). */
    sort?: ReviewSort
    pages?: number
  }
  /** The review form as it came back refused (posted before or without JavaScript). */
  form?: FormState
}

/**
 * SPEC §2 reviews of a neighbourhood: the form, the sort selector (newest, highest, lowest), the
 * list with 'Show more', and the photo lightbox. The first page is in the prerendered HTML; the
 * island then re-reads it and stays live on `neighbourhood-{id}` (review.created/updated/deleted;
 * reactions and comments are kept live by their own components on the same channel). Fetch
 * errors are only logged (SPEC §8) and what is shown stays.
 */
export default function Reviews({ neighbourhood, initial, form }: Props) {
  const channel = `neighbourhood-${neighbourhood.id}`
  const store = useStore($reviews)
  const { reviews, sort, pages, hasMore, loading, loadingMore, live } = store.initialized
    ? store
    : renderedState(neighbourhood.id, initial)
  const [photoIndex, setPhotoIndex] = useState<number | null>(null)
  const session = useViewer()
  const counts = useStore($starCounts) ?? initial.counts
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  const viewerId = session.status === 'signed-in' ? session.user.id : null
  const now = useNow(initial.renderedAt)
  const path = `/neighbourhood/${neighbourhood.slug}`

  useEffect(
    () => watchReviews(neighbourhood.id, initial),
    // The first pages are the server's; later ones are the store's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [neighbourhood.id],
  )

  const slidesRef = useRef<(Slide & { reviewId: number })[]>([])
  const [LightboxView, setLightboxView] = useState<typeof Lightbox | null>(null)
  // Stable, so the memoized cards are not drawn again on every list update. The lightbox's code
  // loads at the first photo opened (most readers never open one); if it cannot load, the photo
  // opens on its own.
  const openPhoto = useCallback((id: number) => {
    const index = slidesRef.current.findIndex((s) => s.reviewId === id)
    import('./Lightbox').then(
      (m) => {
        setLightboxView(() => m.Lightbox)
        setPhotoIndex(index)
      },
      () => {
        const slide = slidesRef.current[index]
        if (slide) window.location.assign(slide.src)
      },
    )
  }, [])
  const slides: (Slide & { reviewId: number })[] = useMemo(
    () =>
      reviews
        .filter((r) => r.photo)
        .map((r) => ({
          reviewId: r.id,
          src: r.photo!.full,
          alt: `Photo from ${r.authorName}'s review of ${neighbourhood.name}`,
          caption: `${r.authorName}: ${r.comment.length > 80 ? `${r.comment.slice(0, 80)}…` : r.comment}`,
          width: r.photo!.width,
          height: r.photo!.height,
        })),
    [reviews, neighbourhood.name],
  )
  useEffect(() => {
    slidesRef.current = slides
  }, [slides])

  return (
    <section className="reviews" aria-labelledby="reviews-title" data-live={live}>
      <div className="reviews-form-column">
        <ReviewForm neighbourhood={neighbourhood} path={path} form={form} />
      </div>
      <div className="reviews-list-column">
        <div className="reviews-toolbar">
          <h2 id="reviews-title">
            Reviews <span className="muted">({total})</span>
          </h2>
          {/* Real links (the server renders each order); the island sorts in place. */}
          <nav className="sort-links" aria-label="Sort reviews">
            <span aria-hidden="true">Sort by</span>
            <ul>
              {REVIEW_SORTS.map((s) => (
                <li key={s.value}>
                  <a
                    href={`${reviewsViewHref(path, s.value)}#reviews-title`}
                    aria-current={sort === s.value ? 'true' : undefined}
                    aria-controls="review-list"
                    onClick={(e) => {
                      e.preventDefault()
                      sortReviews(s.value)
                    }}
                  >
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <OwnHidden kinds={['review']} neighbourhood={neighbourhood.id} />
        {reviews.length === 0 ? (
          <p className="empty reviews-empty">No reviews yet. Be the first!</p>
        ) : (
          <ul className="review-list" id="review-list" aria-busy={loading}>
            {reviews.map((r, i) => (
              <ReviewCard
                key={r.id}
                anchor={
                  i > 0 && i % REVIEWS_PAGE_SIZE === 0
                    ? `reviews-page-${i / REVIEWS_PAGE_SIZE + 1}`
                    : undefined
                }
                review={r}
                when={relativeTime(r.createdAt, now)}
                channel={channel}
                viewerId={viewerId}
                onOpenPhoto={openPhoto}
                neighbourhoodName={neighbourhood.name}
              />
            ))}
          </ul>
        )}
        {hasMore && (
          <a
            className="button secondary show-more"
            href={`${reviewsViewHref(path, sort, pages + 1)}#reviews-page-${pages + 1}`}
            aria-disabled={loadingMore || undefined}
            onClick={(e) => {
              e.preventDefault()
              showMoreReviews()
            }}
          >
            {loadingMore ? 'Loading...' : 'Show more reviews'}
          </a>
        )}
      </div>
      {LightboxView && (
        <LightboxView
          slides={slides}
          index={photoIndex}
          onIndex={setPhotoIndex}
          onClose={() => setPhotoIndex(null)}
        />
      )}
    </section>
  )
}
