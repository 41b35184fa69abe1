/** '← Back to {name}' above a list of one neighbourhood's events, polls… */
export function BackToNeighbourhood({
  className,
  neighbourhood,
}: {
  className: string
  neighbourhood: { slug: string; name: string }
}) {
  return (
    <p className={className}>
      <a href={`/neighbourhood/${encodeURIComponent(neighbourhood.slug)}`}>
        ← Back to {neighbourhood.name}
      </a>
    </p>
  )
}
