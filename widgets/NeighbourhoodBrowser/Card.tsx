import { CARD_IMAGE_SIZES } from '@/views/media'
import type { NeighbourhoodCardView } from '@/views/neighbourhood'
import { CompareToggle } from '@widgets/Compare/CompareToggle'
import { Chips } from '@widgets/lib/Chips'

/**
 * The island's neighbourhood card: the same markup and classes as
 * src/components/NeighbourhoodCard.astro, so static HTML and hydrated cards look alike.
 */
export function NeighbourhoodCardItem({ n }: { n: NeighbourhoodCardView }) {
  return (
    <article className="card">
      <a href={`/neighbourhood/${n.slug}`} className="card-link">
        {n.imageUrl ? (
          <img
            src={n.imageUrl}
            srcSet={n.imageSrcset || undefined}
            sizes={n.imageSrcset ? CARD_IMAGE_SIZES : undefined}
            alt=""
            width={640}
            height={360}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <div className="card-placeholder" aria-hidden="true" />
        )}
        <div className="card-body">
          <h3>{n.name}</h3>
          <p>{n.tagline}</p>
          {n.vibes.length > 0 && <Chips label="Vibes" items={n.vibes} />}
        </div>
      </a>
      <CompareToggle slug={n.slug} name={n.name} />
    </article>
  )
}
