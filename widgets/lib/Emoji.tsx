import { emojiImage } from '@/views/emojiFiles'

/**
 * An emoji the product draws (a reaction kind, a vibe, a badge icon, a medal) as its Twemoji
 * image (src/views/emojiFiles.ts), so it shows without an emoji font; pages draw the same
 * drawings inline (src/components/Emoji.astro). With `label` it is an image named by it (the
 * emoji alone carries the meaning); without, it is decorative (the text beside it names it). An
 * emoji without a drawing (a badge icon typed in the admin) stays text. Never use it on text
 * people typed.
 */
export function Emoji({
  char,
  label,
  size = '1.1em',
  className,
}: {
  char: string
  label?: string
  /** Width and height: a number of pixels or a CSS length; about the glyph's size by default. */
  size?: number | string
  className?: string
}) {
  const image = emojiImage(char)
  const a11y = label
    ? ({ role: 'img', 'aria-label': label } as const)
    : ({ 'aria-hidden': 'true' } as const)
  const classes = ['emoji', image ? null : 'emoji-text', className].filter(Boolean).join(' ')
  if (!image)
    return (
      <span className={classes} {...a11y}>
        {char}
      </span>
    )
  // Lazy: React would otherwise add a preload link for each image to the island's markup.
  return (
    <img
      className={classes}
      src={image}
      alt={label ?? ''}
      style={{ width: size, height: size }}
      loading="lazy"
      decoding="async"
      {...(label ? {} : { 'aria-hidden': 'true' as const })}
    />
  )
}
