import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react'
import './Lightbox.css'

export interface Slide {
  src: string
  alt: string
  caption: string
  width: number | null
  height: number | null
}

interface Props {
  slides: Slide[]
  /** The open slide, or null when closed. */
  index: number | null
  onIndex: (index: number) => void
  onClose: () => void
}

const SWIPE_PX = 40

/**
 * SPEC §4 lightbox for review photos: a modal dialog (the page behind is inert, so focus stays
 * inside), arrows and ←/→ move, swipe on touch (pointer events), Escape closes, and focus goes
 * back to the photo that opened it.
 */
export function Lightbox({ slides, index, onIndex, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const swipeFrom = useRef<number | null>(null)
  const open = index !== null && slides.length > 0

  useEffect(() => {
    const d = dialog.current
    if (!d) return
    if (open && !d.open) {
      opener.current = document.activeElement
      d.showModal()
      d.querySelector<HTMLButtonElement>('.lightbox-close')?.focus()
    } else if (!open && d.open) {
      d.close()
    }
  }, [open])

  // However it closed (Escape, the button, the backdrop), focus returns to the opener.
  const closed = () => {
    const back = opener.current
    opener.current = null
    if (back instanceof HTMLElement) back.focus()
    onClose()
  }

  const count = slides.length
  const current = open ? Math.min(index, count - 1) : 0
  const move = (by: number) => onIndex((current + by + count) % count)
  const slide = slides[current]

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault()
      move(1)
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault()
      move(-1)
    }
  }
  const onPointerDown = (e: PointerEvent) => {
    swipeFrom.current = e.clientX
  }
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current
    swipeFrom.current = null
    if (from === null) return
    const dx = e.clientX - from
    if (Math.abs(dx) >= SWIPE_PX) move(dx < 0 ? 1 : -1)
  }

  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label="Review photos"
      onClose={closed}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        if (e.target === e.currentTarget) dialog.current?.close()
      }}
    >
      {open && slide && (
        <div className="lightbox-body">
          <button
            type="button"
            className="lightbox-close"
            aria-label="Close photo"
            onClick={() => dialog.current?.close()}
          >
            ×
          </button>
          <figure
            className="lightbox-figure"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeFrom.current = null)}
          >
            <img
              src={slide.src}
              alt={slide.alt}
              width={slide.width ?? undefined}
              height={slide.height ?? undefined}
              draggable={false}
            />
            <figcaption>
              {slide.caption}
              {count > 1 && (
                <span className="lightbox-position" aria-live="polite">
                  {' '}
                  · Photo {current + 1} of {count}
                </span>
              )}
            </figcaption>
          </figure>
          {count > 1 && (
            <>
              <button
                type="button"
                className="lightbox-nav lightbox-prev"
                aria-label="Previous photo"
                onClick={() => move(-1)}
              >
                ‹
              </button>
              <button
                type="button"
                className="lightbox-nav lightbox-next"
                aria-label="Next photo"
                onClick={() => move(1)}
              >
                ›
              </button>
            </>
          )}
        </div>
      )}
    </dialog>
  )
}
