import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'

import type { StarCounts } from '@/rules/ratingSummary'
import { useChannel, whenSubscribed } from '@widgets/lib/realtime'
import type { Lightbox, Slide } from './Lightbox'
import { ReviewCard } from './ReviewCard'
import { ReviewForm } from './ReviewForm'
import type { FormState } from '@/views/forms'
import { relativeTime } from '@/views/relativeTime'
import { loadReview, loadReviewsPage } from './reviewsApi'
import { replaceSearch } from '@widgets/lib/address'
import { keepUnchanged } from '@widgets/lib/keepUnchanged'
import {
  compareReviews,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  reviewsViewHref,
  type ReviewSort,
  type ReviewView,
} from '@/views/review'
import { $starCounts, refreshStarCounts } from './store'
import { useNow } from '@widgets/lib/useNow'
import { useViewer } from './useViewer'
import './Reviews.css'
import OwnHidden from '@widgets/Reports/OwnHidden'

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

/** Inserts or replaces a review, keeping the list in the chosen order. */
function upsert(list: ReviewView[], review: ReviewView, sort: ReviewSort, insert: boolean) {
  const at = list.findIndex((r) => r.id === review.id)
  if (at === -1 && !insert) return list
  const next = at === -1 ? [...list, review] : list.map((r) => (r.id === review.id ? review : r))
  return next.sort(compareReviews(sort))
}

/** Adds a page, skipping reviews already shown (a live insert may have brought one early). */
function append(list: ReviewView[], more: ReviewView[]) {
  const known = new Set(list.map((r) => r.id))
  return [...list, ...more.filter((r) => !known.has(r.id))]
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
  const [reviews, setReviews] = useState(initial.reviews)
  const [sort, setSort] = useState<ReviewSort>(initial.sort ?? '-createdAt')
  const [page, setPage] = useState(initial.pages ?? 1)
  const [hasMore, setHasMore] = useState(initial.hasMore)
  const [loading, setLoading] = useState(false)
  const [loadingMore, setLoadingMore] = useState(false)
  const [live, setLive] = useState(false)
  const [photoIndex, setPhotoIndex] = useState<number | null>(null)
  const session = useViewer()
  const counts = useStore($starCounts) ?? initial.counts
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  const viewerId = session.status === 'signed-in' ? session.user.id : null
  // The order the latest answers must match (set on change; read by async callbacks).
  const sortRef = useRef<ReviewSort>(initial.sort ?? '-createdAt')
  const now = useNow(initial.renderedAt)

  /** How many pages are shown (read by the resync after a (re)connection). */
  const pagesRef = useRef(initial.pages ?? 1)

  /** Re-reads the first `pages` pages in the given order (sort change, (re)subscription). */
  const reload = useCallback(
    (order: ReviewSort, pages = 1) => {
      Promise.all(
        Array.from({ length: pages }, (_, i) => loadReviewsPage(neighbourhood.id, order, i + 1)),
      )
        .then(
          (answers) => {
            if (sortRef.current !== order) return
            const read = answers.reduce<ReviewView[]>((list, a) => append(list, a.reviews), [])
            setReviews((shown) => keepUnchanged(shown, read))
            setHasMore(answers.at(-1)!.hasMore)
            setPage(pages)
            pagesRef.current = pages
          },
          (e: unknown) => console.warn('Could not load reviews', e),
        )
        .finally(() => setLoading(false))
    },
    [neighbourhood.id],
  )

  const path = `/neighbourhood/${neighbourhood.slug}`
  const changeSort = (order: ReviewSort) => {
    // The address follows (a reload or a shared link shows the same order).
    replaceSearch(reviewsViewHref('', order))
    setSort(order)
    setLoading(true)
    sortRef.current = order
    setReviews((list) => [...list].sort(compareReviews(order)))
    reload(order)
  }

  const showMore = () => {
    setLoadingMore(true)
    loadReviewsPage(neighbourhood.id, sort, page + 1)
      .then(
        (answer) => {
          setReviews((list) => append(list, answer.reviews))
          setHasMore(answer.hasMore)
          setPage(page + 1)
          pagesRef.current = page + 1
          replaceSearch(reviewsViewHref('', sortRef.current, page + 1))
        },
        (e: unknown) => console.warn('Could not load more reviews', e),
      )
      .finally(() => setLoadingMore(false))
  }

  const changed = useCallback((review: ReviewView, insert: boolean) => {
    setReviews((list) => upsert(list, review, sortRef.current, insert))
  }, [])

  const fetchAndShow = (id: number, insert: boolean) => {
    loadReview(id).then(
      (review) => changed(review, insert),
      (e: unknown) => console.warn('Could not load review', id, e),
    )
  }

  useChannel(
    channel,
    {
      'review.created': (data) => fetchAndShow((data as { id: number }).id, true),
      'review.updated': (data) => fetchAndShow((data as { id: number }).id, false),
      'review.deleted': (data) => {
        const { id } = data as { id: number }
        setReviews((list) => list.filter((r) => r.id !== id))
      },
    },
    () => {
      // Also the first subscription: the HTML may be a little older than the data.
      reload(sortRef.current, pagesRef.current)
    },
  )

  useEffect(() => whenSubscribed(channel, () => setLive(true)), [channel])

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
  const changeReview = useCallback((review: ReviewView) => changed(review, false), [changed])
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
    <section
      className="reviews"
      aria-labelledby="reviews-title"
      data-live={live ? 'subscribed' : 'connecting'}
    >
      <div className="reviews-form-column">
        <ReviewForm
          neighbourhood={neighbourhood}
          path={path}
          form={form}
          onCreated={(review) => {
            changed(review, true)
            // Also without a live connection, the author sees the counts change.
            refreshStarCounts(neighbourhood.id)
          }}
        />
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
                      if (sort !== s.value) changeSort(s.value)
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
                onChange={changeReview}
                neighbourhoodName={neighbourhood.name}
              />
            ))}
          </ul>
        )}
        {hasMore && (
          <a
            className="button secondary show-more"
            href={`${reviewsViewHref(path, sort, page + 1)}#reviews-page-${page + 1}`}
            aria-disabled={loadingMore || undefined}
            onClick={(e) => {
              e.preventDefault()
              if (!loadingMore) showMore()
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
