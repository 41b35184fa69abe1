import { ratedLabel } from '@/rules/ratingSummary'

/** A rating as five stars; screen readers hear 'Rated 4 out of 5'. */
export function Stars({ rating, label }: { rating: number; label?: string }) {
  const whole = Math.max(0, Math.min(5, Math.round(rating)))
  return (
    <span className="stars" role="img" aria-label={label ?? ratedLabel(whole)}>
      <span aria-hidden="true">{'★'.repeat(whole)}</span>
      <span aria-hidden="true" className="stars-off">
        {'☆'.repeat(5 - whole)}
      </span>
    </span>
  )
}
