import { ICONS, ICON_SVG, type IconName } from '@/views/icons'

/**
 * A UI icon as inline SVG for islands: the same markup as src/components/Icon.astro, from the
 * one icon list (src/views/icons.ts). Decorative: the text beside it names the action.
 */
export function Icon({
  name,
  size = 18,
  className,
}: {
  name: IconName
  size?: number
  className?: string
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      {...ICON_SVG}
      aria-hidden="true"
      focusable="false"
      // Trusted, constant markup from src/views/icons.ts.
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  )
}
