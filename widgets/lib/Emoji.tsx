import { emojiSvg, type EmojiSvg } from '@/views/emoji'

/**
 * An emoji the product draws (a reaction kind, a vibe, a badge icon, a medal) as inline SVG from
 * Twemoji (src/views/emoji.ts), so it shows without an emoji font: the same markup as
 * src/components/Emoji.astro. With `label` it is an image named by it (the emoji alone carries
 * the meaning); without, it is decorative (the text beside it names it). An emoji without a
 * drawing (a badge icon typed in the admin) stays text. Never use it on text people typed.
 */
export function Emoji({
  char,
  label,
  size = '1.1em',
  className,
  drawing: own,
}: {
  char: string
  label?: string
  /** Width and height: a number of pixels or a CSS length; about the glyph's size by default. */
  size?: number | string
  className?: string
  /** A drawing kept out of the shared map (the vibes, src/views/emojiVibes.ts). */
  drawing?: EmojiSvg
}) {
  const drawing = own ?? emojiSvg(char)
  const a11y = label
    ? ({ role: 'img', 'aria-label': label } as const)
    : ({ 'aria-hidden': 'true' } as const)
  const classes = ['emoji', drawing ? null : 'emoji-text', className].filter(Boolean).join(' ')
  if (!drawing)
    return (
      <span className={classes} {...a11y}>
        {char}
      </span>
    )
  return (
    <svg
      className={classes}
      width={size}
      height={size}
      viewBox={drawing.viewBox}
      focusable="false"
      {...a11y}
      // Trusted, constant markup from src/views/emoji.ts.
      dangerouslySetInnerHTML={{ __html: drawing.body }}
    />
  )
}
