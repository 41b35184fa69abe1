import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useState } from 'react'

import { $realtimeState, useChannel } from '../lib/realtime'

interface Props {
  neighbourhood: { id: number; name: string; tagline: string; vibes: string[] }
  summary: { count: number; average: number | null }
}

interface Review {
  id: number
  authorName: string
  rating: number
  comment: string
  createdAt: string
}

/** The latest reviews and the current name, tagline and vibes, from the REST API. */
async function fetchLatest(id: number) {
  const query = `where[neighbourhood][equals]=${id}&sort=-createdAt&limit=5&depth=0`
  const [reviewsRes, infoRes] = await Promise.all([
    fetch(`/api/reviews?${query}`),
    fetch(`/api/neighbourhoods/${id}?depth=0`),
  ])
  if (!reviewsRes.ok) throw new Error(`reviews: ${reviewsRes.status}`)
  const { docs } = (await reviewsRes.json()) as { docs: Review[] }
  let info: Props['neighbourhood'] | undefined
  if (infoRes.ok) {
    const doc = (await infoRes.json()) as Props['neighbourhood']
    info = { id: doc.id, name: doc.name, tagline: doc.tagline, vibes: doc.vibes ?? [] }
  }
  return { docs, info }
}

const stars = (n: number) => '★★★★★'.slice(0, n) + '☆☆☆☆☆'.slice(0, 5 - n)

/**
 * The neighbourhood's header and latest reviews. Rendered into the static HTML, then kept live:
 * edits to the neighbourhood and new reviews arrive over the `neighbourhood-{id}` channel.
 */
export default function LiveNeighbourhood({ neighbourhood, summary: initialSummary }: Props) {
  const [info, setInfo] = useState(neighbourhood)
  const [summary, setSummary] = useState(initialSummary)
  const [reviews, setReviews] = useState<Review[] | null>(null)
  const [error, setError] = useState(false)
  const connection = useStore($realtimeState)

  const load = useCallback(() => {
    fetchLatest(neighbourhood.id).then(
      ({ docs, info: fresh }) => {
        setReviews(docs)
        if (fresh) setInfo(fresh)
        setError(false)
      },
      (e: unknown) => {
        console.warn('Could not load reviews', e)
        setError(true)
      },
    )
  }, [neighbourhood.id])

  useEffect(load, [load])

  useChannel(
    `neighbourhood-${neighbourhood.id}`,
    {
      'neighbourhood.updated': (data) => {
        const d = data as Props['neighbourhood']
        setInfo({ id: d.id, name: d.name, tagline: d.tagline, vibes: d.vibes ?? [] })
      },
      'review.created': (data) => {
        const review = data as Review
        setReviews((list) =>
          [review, ...(list ?? []).filter((r) => r.id !== review.id)].slice(0, 5),
        )
        setSummary((s) => ({
          count: s.count + 1,
          average: ((s.average ?? 0) * s.count + review.rating) / (s.count + 1),
        }))
      },
    },
    load,
  )

  return (
    <div className="live-neighbourhood" data-realtime={connection}>
      <header className="neighbourhood-header">
        <h1>{info.name}</h1>
        <p className="tagline">{info.tagline}</p>
        <ul className="chips" aria-label="Vibes">
          {info.vibes.map((v) => (
            <li key={v} className="chip">
              {v}
            </li>
          ))}
        </ul>
        <p className="rating-summary" aria-live="polite">
          {summary.average === null ? (
            'No reviews yet'
          ) : (
            <>
              <strong>{summary.average.toFixed(1)}</strong> <span aria-hidden="true">★</span> from{' '}
              {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
            </>
          )}
        </p>
      </header>
      <section className="latest-reviews" aria-labelledby="latest-reviews">
        <h2 id="latest-reviews">Latest reviews</h2>
        {reviews === null && !error && <p className="muted">Loading...</p>}
        {error && <p className="muted">Reviews could not be loaded right now.</p>}
        {reviews?.length === 0 && <p className="empty">No reviews yet. Be the first!</p>}
        <ul className="review-list" aria-live="polite">
          {reviews?.map((r) => (
            <li key={r.id} className="review">
              <p className="review-head">
                <strong>{r.authorName}</strong>{' '}
                <span className="stars" aria-label={`${r.rating} out of 5 stars`}>
                  {stars(r.rating)}
                </span>
              </p>
              <p>{r.comment}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
