import { ratingSummary, type StarCounts } from '@/rules/ratingSummary'
import { Stars } from './Stars'
import './RatingSummary.css'

/** SPEC §2 rating summary: the average to one decimal, the count, and a bar per star 5→1. */
export function RatingSummary({ counts }: { counts: StarCounts }) {
  const s = ratingSummary(counts)
  return (
    <section className="rating-summary" aria-labelledby="rating-summary-title">
      <h2 id="rating-summary-title" className="sr-only">
        Rating summary
      </h2>
      <div className="rating-average">
        <strong className="rating-number">{s.averageLabel}</strong>
        {s.average !== null && (
          <Stars rating={s.average} label={`Average rating ${s.averageLabel} out of 5`} />
        )}
        <span className="rating-count" aria-live="polite">
          {s.count === 0 ? 'No reviews yet' : `${s.count} ${s.count === 1 ? 'review' : 'reviews'}`}
        </span>
      </div>
      <ul className="rating-bars">
        {s.rows.map((row) => (
          <li key={row.stars}>
            <span className="rating-bar-label">
              {row.stars} <span aria-hidden="true">★</span>
              <span className="sr-only">{row.stars === 1 ? ' star' : ' stars'}</span>
            </span>
            <span className="rating-bar" aria-hidden="true">
              <span className="rating-bar-fill" style={{ width: `${row.percent}%` }} />
            </span>
            <span className="rating-bar-percent">{row.percent}%</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
