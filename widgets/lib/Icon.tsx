import { ICON_SVG, ISLAND_ICONS, type IslandIconName } from '@/views/islandIcons'

/**
 * A UI icon as inline SVG for islands: the same markup as src/components/Icon.astro, from the
 * one icon list (its part that islands draw: src/views/islandIcons.ts). Decorative: the text
 * beside it names the action.
 */
export function Icon({
  name,
  size = 18,
  className,
}: {
  name: IslandIconName
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
      // Trusted, constant markup from src/views/islandIcons.ts.
      dangerouslySetInnerHTML={{ __html: ISLAND_ICONS[name] }}
    />
  )
}
