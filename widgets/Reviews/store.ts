import { atom, map } from 'nanostores'

import type { StarCounts } from '@/rules/ratingSummary'
import { compareReviews, reviewsViewHref, type ReviewSort, type ReviewView } from '@/views/review'
import { replaceSearch } from '@widgets/lib/address'
import { keepUnchanged } from '@widgets/lib/keepUnchanged'
import { subscribeChannel, whenSubscribed } from '@widgets/lib/realtime'
import { loadReview, loadReviewsPage, loadStarCounts } from './reviewsApi'

/**
 * The star counts of the neighbourhood on the page. The header island keeps them current (new,
 * edited and removed reviews arrive on its channel); its rating summary and the Reviews island's
 * total show them. Null until the first change: both islands start from the counts in the HTML.
 */
export const $starCounts = atom<StarCounts | null>(null)

/** Reads the neighbourhood's star counts again; a failure leaves the ones shown. */
export function refreshStarCounts(neighbourhoodId: number) {
  loadStarCounts(neighbourhoodId).then(
    (counts) => $starCounts.set(counts),
    (e: unknown) => console.warn('Could not load the rating summary', e),
  )
}

/**
 * The reviews of the neighbourhood on the page (SPEC §2): the list in the chosen order, how many
 * pages are shown, and whether it listens live on `neighbourhood-{id}`. Fetch errors are only
 * logged (SPEC §8) and what is shown stays.
 */
export interface ReviewsState {
  neighbourhoodId: number
  reviews: ReviewView[]
  sort: ReviewSort
  /** How many pages are shown (the resync after a (re)connection reads them all again). */
  pages: number
  hasMore: boolean
  /** Re-reading the list in a new order. */
  loading: boolean
  loadingMore: boolean
  live: 'connecting' | 'subscribed'
  /** False until the island took over from the server-rendered props. */
  initialized: boolean
}

export const $reviews = map<ReviewsState>({
  neighbourhoodId: 0,
  reviews: [],
  sort: '-createdAt',
  pages: 1,
  hasMore: false,
  loading: false,
  loadingMore: false,
  live: 'connecting',
  initialized: false,
})

/** The first pages as the server rendered them (the page's ?sort= and ?pages=). */
export interface RenderedReviews {
  reviews: ReviewView[]
  hasMore: boolean
  sort?: ReviewSort
  pages?: number
}

/** The state the server rendered, before the island takes over. */
export const renderedState = (
  neighbourhoodId: number,
  rendered: RenderedReviews,
): ReviewsState => ({
  neighbourhoodId,
  reviews: rendered.reviews,
  sort: rendered.sort ?? '-createdAt',
  pages: rendered.pages ?? 1,
  hasMore: rendered.hasMore,
  loading: false,
  loadingMore: false,
  live: 'connecting',
  initialized: false,
})

/** Inserts or replaces a review, keeping the list in the chosen order. */
export function upsert(list: ReviewView[], review: ReviewView, sort: ReviewSort, insert: boolean) {
  const at = list.findIndex((r) => r.id === review.id)
  if (at === -1 && !insert) return list
  const next = at === -1 ? [...list, review] : list.map((r) => (r.id === review.id ? review : r))
  return next.sort(compareReviews(sort))
}

/** Adds a page, skipping reviews already shown (a live insert may have brought one early). */
export function append(list: ReviewView[], more: ReviewView[]) {
  const known = new Set(list.map((r) => r.id))
  return [...list, ...more.filter((r) => !known.has(r.id))]
}

const change = (next: Partial<ReviewsState>) => $reviews.set({ ...$reviews.get(), ...next })

/** Re-reads the first `pages` pages in the given order (sort change, (re)subscription). */
function reload(order: ReviewSort, pages = 1) {
  const { neighbourhoodId } = $reviews.get()
  Promise.all(
    Array.from({ length: pages }, (_, i) => loadReviewsPage(neighbourhoodId, order, i + 1)),
  )
    .then(
      (answers) => {
        // A later order was chosen meanwhile: its own read fills the list.
        if ($reviews.get().sort !== order) return
        const read = answers.reduce<ReviewView[]>((list, a) => append(list, a.reviews), [])
        change({
          reviews: keepUnchanged($reviews.get().reviews, read),
          hasMore: answers.at(-1)!.hasMore,
          pages,
        })
      },
      (e: unknown) => console.warn('Could not load reviews', e),
    )
    .finally(() => $reviews.setKey('loading', false))
}

/** Shows the list in another order at once, then as the server reads it; the address follows. */
export function sortReviews(order: ReviewSort) {
  const state = $reviews.get()
  if (state.sort === order) return
  // A reload or a shared link shows the same order.
  replaceSearch(reviewsViewHref('', order))
  change({ sort: order, loading: true, reviews: [...state.reviews].sort(compareReviews(order)) })
  reload(order)
}

/** 'Show more reviews': the next page, and the address keeps how many are shown. */
export function showMoreReviews() {
  const { neighbourhoodId, sort, pages, loadingMore } = $reviews.get()
  if (loadingMore) return
  $reviews.setKey('loadingMore', true)
  loadReviewsPage(neighbourhoodId, sort, pages + 1)
    .then(
      (answer) => {
        const state = $reviews.get()
        change({
          reviews: append(state.reviews, answer.reviews),
          hasMore: answer.hasMore,
          pages: pages + 1,
        })
        replaceSearch(reviewsViewHref('', state.sort, pages + 1))
      },
      (e: unknown) => console.warn('Could not load more reviews', e),
    )
    .finally(() => $reviews.setKey('loadingMore', false))
}

/** A review changed (edited, claimed, its badges read): replaced where it is shown. */
export function reviewChanged(review: ReviewView, insert = false) {
  const state = $reviews.get()
  $reviews.setKey('reviews', upsert(state.reviews, review, state.sort, insert))
}

/** The reader's own new review: shown in its place, and the counts read again (also offline). */
export function reviewPosted(review: ReviewView) {
  reviewChanged(review, true)
  refreshStarCounts($reviews.get().neighbourhoodId)
}

function fetchAndShow(id: number, insert: boolean) {
  loadReview(id).then(
    (review) => reviewChanged(review, insert),
    (e: unknown) => console.warn('Could not load review', id, e),
  )
}

const idOf = (data: unknown) => (data as { id: number }).id

/**
 * The island takes over from what the server rendered and stays live on `neighbourhood-{id}`
 * (reactions and comments are kept live by their own components on the same channel). Returns
 * the function that stops listening.
 */
export function watchReviews(neighbourhoodId: number, rendered: RenderedReviews): () => void {
  $reviews.set({ ...renderedState(neighbourhoodId, rendered), initialized: true })
  const channel = `neighbourhood-${neighbourhoodId}`
  const stop = subscribeChannel(
    channel,
    {
      'review.created': (data) => fetchAndShow(idOf(data), true),
      'review.updated': (data) => fetchAndShow(idOf(data), false),
      'review.deleted': (data) => {
        const id = idOf(data)
        $reviews.setKey(
          'reviews',
          $reviews.get().reviews.filter((r) => r.id !== id),
        )
      },
    },
    // Also the first subscription: the HTML may be a little older than the data.
    () => reload($reviews.get().sort, $reviews.get().pages),
  )
  const stopLive = whenSubscribed(channel, () => $reviews.setKey('live', 'subscribed'))
  return () => {
    stop()
    stopLive()
  }
}
