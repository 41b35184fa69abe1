import type { ComponentProps, ReactNode } from 'react'

import CompareTray from '@widgets/Compare/CompareTray'
import Reviews from '@widgets/Reviews/Reviews'
import LiveNeighbourhood from './LiveNeighbourhood'

interface Props {
  header: ComponentProps<typeof LiveNeighbourhood>
  reviews: ComponentProps<typeof Reviews>
  /** Static HTML between the header and the reviews (the sub-page links), passed as a slot. */
  children?: ReactNode
}

/**
 * A neighbourhood page's one island: its live header and its reviews, with the page's static
 * links between them. One island instead of two is one script file fewer for every reader
 * (budget: at most 8 a page); the two parts stay separate components.
 */
export default function NeighbourhoodLive({ header, reviews, children }: Props) {
  return (
    <>
      <LiveNeighbourhood {...header} />
      {children}
      <Reviews {...reviews} />
      {/* The tray, which also takes over the page's static 'Compare' form in the slot. */}
      <CompareTray />
    </>
  )
}
